import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { INVOKE_CHANNEL } from '../shared/contract/channels'
import { methods } from '../shared/contract'
import { GESTURE_METHODS, WITHHELD_FROM_RENDERER } from '../shared/contract/rendererAccess'

/** Electron, mocked at its surface: what main registers, what the preload exposes and sends. */
const electron = vi.hoisted(() => ({
  handlers: new Map<string, (event: unknown, request: unknown) => Promise<unknown>>(),
  exposed: new Map<string, unknown>(),
  sent: [] as unknown[][]
}))

vi.mock('electron', () => ({
  ipcMain: {
    handle: (channel: string, fn: (event: unknown, request: unknown) => Promise<unknown>) =>
      electron.handlers.set(channel, fn),
    removeHandler: (channel: string) => electron.handlers.delete(channel)
  },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => {
      electron.sent.push(args)
      return Promise.resolve({ ok: true, value: 'sent' })
    },
    on: vi.fn(),
    removeListener: vi.fn()
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}))

const { bindIpc } = await import('./ipc')
const { UserGestures } = await import('./userGestures')
await import('../preload/index')

afterEach(() => {
  electron.handlers.clear()
  electron.sent.length = 0
})

/** A window's webContents as main sees it: an id and the input events it emits. */
function windowContents(id: number): EventEmitter & { id: number } {
  return Object.assign(new EventEmitter(), { id })
}

function callFrom(contents: { id: number }, method: string): Promise<unknown> {
  const handler = electron.handlers.get(INVOKE_CHANNEL)
  if (!handler) throw new Error('no IPC handler bound')
  return handler(
    { senderFrame: { url: 'app://hearth/index.html', parent: null }, sender: contents },
    { method, input: {} }
  )
}

describe('the preload', () => {
  const bridge = (): { invoke: (method: string, input: unknown) => Promise<unknown> } =>
    electron.exposed.get('bridge') as never

  it('never sends a withheld method to main, and sends the others on the one channel', async () => {
    expect(await bridge().invoke('backup.restore', { archive: '/tmp/x.zip' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('command line') }
    })
    expect(electron.sent).toEqual([])
    expect(await bridge().invoke('agents.list', {})).toEqual({ ok: true, value: 'sent' })
    expect(electron.sent).toEqual([[INVOKE_CHANNEL, { method: 'agents.list', input: {} }]])
  })
})

describe('main answers risky methods only right after a click or key press', () => {
  it('refuses a gesture method without input, serves it after a mouse down, and refuses it again 10 s later', async () => {
    let now = 1_000_000
    const gestures = new UserGestures(() => now)
    const core = vi.fn(async () => ({ ok: true as const, value: 'done' }))
    bindIpc(core, undefined, gestures)
    const contents = windowContents(7)
    gestures.watch(contents as never)

    expect(await callFrom(contents, 'settings.update')).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('click or press a key') }
    })
    expect(await callFrom(contents, 'agents.list')).toEqual({ ok: true, value: 'done' })
    expect(core).toHaveBeenCalledTimes(1)

    contents.emit('before-mouse-event', {}, { type: 'mouseMove' })
    expect(await callFrom(contents, 'tools.testServer')).toMatchObject({ ok: false })
    contents.emit('before-mouse-event', {}, { type: 'mouseDown' })
    expect(await callFrom(contents, 'tools.testServer')).toEqual({ ok: true, value: 'done' })
    now += 10_001
    expect(await callFrom(contents, 'nexus.sync.run')).toMatchObject({ ok: false })
    contents.emit('before-input-event', {}, { type: 'keyDown', key: 'Enter' })
    expect(await callFrom(contents, 'nexus.sync.run')).toEqual({ ok: true, value: 'done' })
    expect(core).toHaveBeenCalledTimes(3)
  })

  it('counts a gesture only in the window it happened in, and never serves a withheld method', async () => {
    const gestures = new UserGestures()
    const core = vi.fn(async () => ({ ok: true as const, value: 'done' }))
    bindIpc(core, undefined, gestures)
    const clicked = windowContents(1)
    const other = windowContents(2)
    gestures.watch(clicked as never)
    gestures.watch(other as never)
    clicked.emit('before-input-event', {}, { type: 'keyDown', key: 'a' })
    expect(await callFrom(other, 'settings.setApiKey')).toMatchObject({ ok: false })
    expect(await callFrom(clicked, 'backup.restore')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' }
    })
    expect(core).not.toHaveBeenCalled()
  })

  it('names only methods the contract has', () => {
    for (const method of [...GESTURE_METHODS, ...WITHHELD_FROM_RENDERER])
      expect(Object.keys(methods)).toContain(method)
  })
})
