/**
 * How the renderer is connected to the core. The WebSocket goes through `connecting` →
 * `connected` and, when the host drops, `reconnecting` until it is back.
 * `refused`: the page was opened without the address `hearth serve` printed, so it has no token.
 * `expired`: it had one, but the host now runs with another (it was restarted). Retrying cannot
 * help in either case; only opening the printed address can.
 * Over IPC the window is connected to the main process; the core's process behind it may be
 * `restarting` (it crashed and is being started again) or `stopped` (it could not start, or
 * crashed again), each with a sentence saying what happened.
 */
export type ConnectionStatus =
  'connecting' | 'connected' | 'reconnecting' | 'refused' | 'expired' | 'restarting' | 'stopped'

/** `detail`: what happened, for `restarting` and `stopped`. */
export type ConnectionListener = (status: ConnectionStatus, detail?: string) => void

/** A transport that can report its connection state (the WebSocket one does). */
export interface ConnectionSource {
  onStatus(listener: ConnectionListener): () => void
}

export function isConnectionSource(value: unknown): value is ConnectionSource {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { onStatus?: unknown }).onStatus === 'function'
  )
}
