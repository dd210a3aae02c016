import type { WebSocket } from 'ws'

/**
 * Pings every client each `intervalMs`; one that has not answered the previous ping is gone
 * (a sleeping laptop, a dead tab) and is terminated so it stops holding a connection slot.
 */
export function startHeartbeat(clients: () => Iterable<WebSocket>, intervalMs: number): () => void {
  const alive = new WeakMap<WebSocket, boolean>()
  const timer = setInterval(() => {
    for (const client of clients()) {
      if (alive.get(client) === false) {
        client.terminate()
        continue
      }
      alive.set(client, false)
      if (!client.listenerCount('pong')) client.on('pong', () => alive.set(client, true))
      client.ping()
    }
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
