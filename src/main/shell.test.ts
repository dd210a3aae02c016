import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => ({
  windows: [] as { options: Record<string, unknown> }[]
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
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}))

const { createMainWindow } = await import('./window')
const { hardenSession, hardenWebContents } = await import('./security')

type NavigationHandler = (event: { url: string; preventDefault: () => void }) => void

/** A WebContents stand-in that records the handlers the shell installs on it. */
function fakeContents(): {
  contents: never
  handlers: Record<string, NavigationHandler>
  open: (url: string) => { action: string } | undefined
} {
  const handlers: Record<string, NavigationHandler> = {}
  let openHandler: ((details: { url: string }) => { action: string }) | undefined
  const contents = {
    on: (name: string, fn: NavigationHandler) => (handlers[name] = fn),
    setWindowOpenHandler: (fn: typeof openHandler) => (openHandler = fn)
  }
  return { contents: contents as never, handlers, open: (url) => openHandler?.({ url }) }
}

function navigate(handler: NavigationHandler | undefined, url: string): boolean {
  const event = { url, preventDefault: vi.fn() }
  handler?.(event)
  return event.preventDefault.mock.calls.length === 0
}

describe('electron shell security', () => {
  beforeEach(() => {
    electron.windows.length = 0
  })

  it('creates windows isolated, sandboxed, without node, webviews, auxclick or drag-drop navigation', () => {
    createMainWindow({ packaged: false })
    expect(electron.windows[0]?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      disableBlinkFeatures: 'Auxclick',
      navigateOnDragDrop: false,
      devTools: true
    })
  })

  it('gives a packaged build no developer tools', () => {
    createMainWindow({ packaged: true })
    expect(electron.windows[0]?.options.webPreferences).toMatchObject({ devTools: false })
  })

  it.each(['will-navigate', 'will-redirect', 'will-frame-navigate'])(
    'keeps %s inside app://hearth',
    (name) => {
      const { contents, handlers } = fakeContents()
      hardenWebContents(contents, vi.fn())
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'app://other/index.html',
        'http://127.0.0.1:8080/',
        'not a url'
      ]) {
        expect(navigate(handlers[name], url), url).toBe(false)
      }
      expect(navigate(handlers[name], 'app://hearth/index.html#files')).toBe(true)
    }
  )

  it('refuses webviews and every new window, handing the link to the link opener', () => {
    const { contents, handlers, open } = fakeContents()
    const openLink = vi.fn()
    hardenWebContents(contents, openLink)
    const attach = { preventDefault: vi.fn() }
    ;(handlers['will-attach-webview'] as unknown as (event: typeof attach) => void)(attach)
    expect(attach.preventDefault).toHaveBeenCalled()
    expect(open('https://docs.example/')).toEqual({ action: 'deny' })
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' })
    expect(openLink.mock.calls).toEqual([['https://docs.example/'], ['javascript:alert(1)']])
  })

  it('denies every permission request and check but writing text to the clipboard', () => {
    let request: ((c: unknown, p: string, cb: (ok: boolean) => void) => void) | undefined
    let check: ((c: unknown, p: string) => boolean) | undefined
    hardenSession({
      setPermissionRequestHandler: (fn: typeof request) => (request = fn),
      setPermissionCheckHandler: (fn: typeof check) => (check = fn)
    })
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
})
