import { vi } from 'vitest'

type IpcHandler = (event: unknown, request: unknown) => unknown

/** What `ipcMain.handle` registered, by channel: the tests call these as the renderer's invokes would arrive. */
export const ipcHandlers = new Map<string, IpcHandler>()

/**
 * The part of `electron` that main's IPC binding touches. A test file installs it with
 * `vi.mock('electron', async () => (await import('./electronFake')).electronModule)`.
 */
export const electronModule = {
  ipcMain: {
    handle: (channel: string, fn: IpcHandler) => ipcHandlers.set(channel, fn),
    removeHandler: (channel: string) => ipcHandlers.delete(channel)
  },
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() }
}
