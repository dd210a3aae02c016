/**
 * How the renderer is connected to the core. IPC is always `connected`; the WebSocket goes
 * through `connecting` → `connected` and, when the host drops, `reconnecting` until it is back.
 * `refused` means the host will not accept us (no token in the page address), so retrying is pointless.
 */
export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'refused'

export type ConnectionListener = (status: ConnectionStatus) => void

/** A transport that can report its connection state (the WebSocket one does). */
export interface ConnectionSource {
  onStatus(listener: ConnectionListener): () => void
}

export function isConnectionSource(value: unknown): value is ConnectionSource {
  return typeof value === 'object' && value !== null && typeof (value as { onStatus?: unknown }).onStatus === 'function'
}
