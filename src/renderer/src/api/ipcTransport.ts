import type { RpcResult, Transport } from '../../../shared/contract'

/**
 * The Electron transport: the preload's `window.bridge` already has the Transport shape
 * (invoke + subscribe over two fixed channels), so this only adapts a failed IPC call
 * (a rejected promise) into the same error envelope the WebSocket transport produces.
 */
export function ipcTransport(bridge: Transport): Transport {
  return {
    async invoke(method, input): Promise<RpcResult<unknown>> {
      try {
        return await bridge.invoke(method, input)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { ok: false, error: { code: 'internal', message: `The app did not answer: ${message}` } }
      }
    },
    subscribe: (listener) => bridge.subscribe(listener)
  }
}
