import type { RpcResult, Transport } from '../../../shared/contract'
import { CORE_STATUS_EVENT, CoreStatus } from '../../../shared/contract/coreStatus'
import type { ConnectionListener, ConnectionSource, ConnectionStatus } from './connection'

/**
 * The Electron transport: the preload's `window.bridge` already has the Transport shape
 * (invoke + subscribe over two fixed channels), so this adapts a failed IPC call (a rejected
 * promise) into the same error envelope the WebSocket transport produces, and turns the main
 * process's reports on the core's process into connection states (the core's events pass on).
 */
export function ipcTransport(bridge: Transport): Transport & ConnectionSource {
  let status: ConnectionStatus = 'connected'
  let detail: string | undefined
  const statusListeners = new Set<ConnectionListener>()
  const eventListeners = new Set<(event: string, payload: unknown) => void>()
  bridge.subscribe((event, payload) => {
    if (event !== CORE_STATUS_EVENT) return eventListeners.forEach((listener) => listener(event, payload))
    const report = CoreStatus.safeParse(payload)
    if (!report.success) return
    ;[status, detail] = connectionOf(report.data)
    statusListeners.forEach((listener) => listener(status, detail))
  })
  return {
    onStatus(listener) {
      statusListeners.add(listener)
      listener(status, detail)
      return () => statusListeners.delete(listener)
    },
    async invoke(method, input): Promise<RpcResult<unknown>> {
      try {
        return await bridge.invoke(method, input)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { ok: false, error: { code: 'internal', message: `The app did not answer: ${message}` } }
      }
    },
    subscribe(listener) {
      eventListeners.add(listener)
      return () => eventListeners.delete(listener)
    }
  }
}

function connectionOf(core: CoreStatus): [ConnectionStatus, string | undefined] {
  switch (core.state) {
    case 'starting':
    case 'running':
      return ['connected', undefined]
    case 'restarting':
      return ['restarting', core.message]
    case 'stopped':
      return ['stopped', `${core.message} The log is ${core.logFile}.`]
  }
}
