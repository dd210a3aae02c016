import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  windows: [] as { options: Record<string, unknown> }[],
  openExternal: vi.fn()
}))
vi.mock('electron', () => ({
  BrowserWindow: class {
    readonly options: Record<string, unknown>
    constructor(options: Record<string, unknown>) {
      this.options = options
      electron.windows.push(this)
    }
    once(): void {}
  },
  shell: { openExternal: electron.openExternal },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}))

const { createMainWindow } = await import('./window')
const { hardenSession, hardenWebContents, isSafeExternalUrl } = await import('./security')

describe('electron shell security', () => {
  beforeEach(() => {
    electron.windows.length = 0
    electron.openExternal.mockReset()
  })

  it('creates windows with isolation, sandbox and no node integration', () => {
    createMainWindow()
    expect(electron.windows[0]?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false
    })
  })

  it('denies navigation away from app:// and every new window', () => {
    const handlers: Record<string, (...args: never[]) => unknown> = {}
    let openHandler: ((details: { url: string }) => { action: string }) | undefined
    const contents = {
      on: (name: string, fn: (...args: never[]) => unknown) => (handlers[name] = fn),
      setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn)
    }
    hardenWebContents(contents as never)
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html']) {
      const event = { preventDefault: vi.fn() }
      ;(handlers['will-navigate'] as unknown as (e: typeof event, url: string) => void)(event, url)
      expect(event.preventDefault, url).toHaveBeenCalled()
    }
    const own = { preventDefault: vi.fn() }
    ;(handlers['will-navigate'] as unknown as (e: typeof own, url: string) => void)(own, 'app://hearth/index.html#files')
    expect(own.preventDefault).not.toHaveBeenCalled()
    expect(openHandler?.({ url: 'https://docs.example/' })).toEqual({ action: 'deny' })
    expect(electron.openExternal).toHaveBeenCalledWith('https://docs.example/')
    expect(openHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(electron.openExternal).toHaveBeenCalledTimes(1)
  })

  it('denies every permission request and check but writing text to the clipboard', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined
    let check: ((c: unknown, p: string) => boolean) | undefined
    hardenSession({ setPermissionRequestHandler: (fn: typeof request) => (request = fn), setPermissionCheckHandler: (fn: typeof check) => (check = fn) } as never)
    const callback = vi.fn()
    request?.({}, 'media', callback)
    expect(callback).toHaveBeenCalledWith(false)
    request?.({}, 'clipboard-read', callback)
    expect(callback).toHaveBeenLastCalledWith(false)
    request?.({}, 'clipboard-sanitized-write', callback)
    expect(callback).toHaveBeenLastCalledWith(true)
    expect(check?.({}, 'geolocation')).toBe(false)
    expect(check?.({}, 'clipboard-sanitized-write')).toBe(true)
  })

  it('opens only https links externally', () => {
    expect(isSafeExternalUrl('https://a.example')).toBe(true)
    expect(isSafeExternalUrl('http://a.example')).toBe(false)
    expect(isSafeExternalUrl('file:///x')).toBe(false)
    expect(isSafeExternalUrl('not a url')).toBe(false)
  })
})
