import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/contract/channels'

// The whole preload: two fixed channels, no method names, no logic. Built as one CJS bundle so it
// runs under `sandbox: true`.
contextBridge.exposeInMainWorld('bridge', {
  invoke: (method: string, input: unknown) => ipcRenderer.invoke(INVOKE_CHANNEL, { method, input }),
  subscribe: (listener: (event: string, payload: unknown) => void) => {
    // The IpcRendererEvent is dropped on purpose: it would hand the page a handle to `sender`.
    const forward = (_event: IpcRendererEvent, name: string, payload: unknown): void =>
      listener(name, payload)
    ipcRenderer.on(EVENT_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward)
    }
  }
})
