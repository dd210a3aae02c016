import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../shared/contract/channels'
import { WITHHELD_FROM_RENDERER, WITHHELD_MESSAGE } from '../shared/contract/rendererAccess'

// The whole preload: two fixed channels and the renderer-safe subset of the contract (a withheld
// method never leaves the page; main checks again, and asks a gesture for the risky ones). Built
// as one CJS bundle so it runs under `sandbox: true`.
contextBridge.exposeInMainWorld('bridge', {
  invoke: (method: string, input: unknown) =>
    typeof method !== 'string' || WITHHELD_FROM_RENDERER.has(method)
      ? Promise.resolve({
          ok: false,
          error: { code: 'forbidden', message: WITHHELD_MESSAGE(String(method)) }
        })
      : ipcRenderer.invoke(INVOKE_CHANNEL, { method, input }),
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
