import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { bindIpc } from '../../src/main/ipc'
import { restartAfterHomeSwitch } from '../../src/main/restartAfterRestore'
import type { RpcResult } from '../../src/shared/contract'
import { INVOKE_CHANNEL } from '../../src/shared/contract/channels'
import { makeTempDir } from '../helpers/tempHome'
import { ipcHandlers } from '../transports/electronFake'
import { TRUSTED_FRAME } from '../transports/transports'

const app = vi.hoisted(() => ({ relaunch: vi.fn(), quit: vi.fn() }))
vi.mock('electron', async () => ({ ...(await import('../transports/electronFake')).electronModule, app }))

let temp: ReturnType<typeof makeTempDir>
let core: Core
let unbind: () => void
const home = (): string => join(temp.dir, 'home')

/** A call as the window makes it: through main's IPC binding, wrapped as main wraps the core's answer. */
async function invoke(method: string, input: unknown): Promise<RpcResult<unknown>> {
  const handler = ipcHandlers.get(INVOKE_CHANNEL)
  if (!handler) throw new Error('IPC is not bound')
  return (await handler({ senderFrame: TRUSTED_FRAME }, { method, input })) as RpcResult<unknown>
}

beforeEach(() => {
  temp = makeTempDir()
  app.relaunch.mockClear()
  app.quit.mockClear()
  core = createCore({ home: home(), host: 'electron', env: {} })
  unbind = bindIpc(restartAfterHomeSwitch((request) => dispatch(core.handlers, request)))
})
afterEach(() => {
  unbind()
  core.dispose()
  temp.cleanup()
})

describe('the desktop app after a restore is staged', () => {
  it('answers the window first, then starts again, and the next start opens the restored home', async () => {
    await invoke('agents.create', { name: 'Ada', id: 'ada' })
    const backup = await invoke('backup.create', { file: join(temp.dir, 'home.zip') })
    if (!backup.ok) throw new Error(backup.error.message)
    await invoke('agents.create', { name: 'Bo', id: 'bo' })

    const staged = await invoke('backup.stageRestore', { file: join(temp.dir, 'home.zip') })
    expect(staged).toMatchObject({ ok: true, value: { status: { pending: { goingBack: false } } } })
    // The answer came back before the app was told to go.
    expect(app.quit).not.toHaveBeenCalled()
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1))
    expect(app.relaunch).toHaveBeenCalledTimes(1)
    expect(app.relaunch.mock.invocationCallOrder[0]).toBeLessThan(app.quit.mock.invocationCallOrder[0] ?? 0)

    // What the relaunched app does: its core opens the home, switching to the restored one first.
    unbind()
    core.dispose()
    core = createCore({ home: home(), host: 'electron', env: {} })
    unbind = bindIpc(restartAfterHomeSwitch((request) => dispatch(core.handlers, request)))
    expect(await invoke('agents.list', {})).toMatchObject({ ok: true, value: [{ id: 'ada' }] })
    const status = await invoke('backup.restoreStatus', {})
    expect(status).toMatchObject({ ok: true, value: { pending: null, last: { keptExists: true } } })

    // Going back is staged the same way, and restarts the app too.
    expect(await invoke('backup.undoRestore', {})).toMatchObject({
      ok: true,
      value: { pending: { goingBack: true } }
    })
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(2))
  })

  it('does not restart when nothing was staged: a refused restore, a cancel, any other call', async () => {
    const refused = await invoke('backup.stageRestore', { file: join(temp.dir, 'missing.zip') })
    expect(refused.ok).toBe(false)
    await invoke('backup.cancelRestore', {})
    await invoke('agents.list', {})
    // Let any restart that was (wrongly) scheduled run before looking.
    await new Promise((resolve) => setImmediate(resolve))
    expect(app.relaunch).not.toHaveBeenCalled()
    expect(app.quit).not.toHaveBeenCalled()
    expect(existsSync(home())).toBe(true)
  })
})
