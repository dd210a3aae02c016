import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

interface Tracked {
  readonly socket: Socket
  /** Requests on this connection whose response has not finished yet (an upgrade stays busy). */
  busy: number
}

/**
 * Caps open connections without letting anyone lock the host out. A plain `server.maxConnections`
 * drops every new connection while the cap is reached, so sockets that connect and never send a
 * byte keep the page out for as long as they stay open. Here a connection over the cap is let in
 * and, to make room, the oldest connection that has nothing in flight is closed instead: first
 * one that never sent a byte, then one that is idle between requests. Only when every connection
 * is mid-request (each bounded by the request timeout) is the newcomer the one dropped.
 */
export function guardConnections(server: Server, cap: number): void {
  // Insertion order is arrival order, so the first match is the oldest.
  const open = new Map<Socket, Tracked>()
  server.on('connection', (socket: Socket) => {
    if (open.size >= cap) {
      const victim = evictable(open)
      if (!victim) {
        socket.destroy()
        return
      }
      open.delete(victim.socket)
      victim.socket.destroy()
    }
    open.set(socket, { socket, busy: 0 })
    socket.once('close', () => open.delete(socket))
  })
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const tracked = open.get(req.socket)
    if (!tracked) return
    tracked.busy++
    res.once('close', () => tracked.busy--)
  })
  server.on('upgrade', (req: IncomingMessage) => {
    const tracked = open.get(req.socket)
    // An upgraded socket is never idle; the WebSocket's own limits bound it.
    if (tracked) tracked.busy = Number.POSITIVE_INFINITY
  })
}

function evictable(open: ReadonlyMap<Socket, Tracked>): Tracked | undefined {
  const idle = [...open.values()].filter((entry) => entry.busy === 0)
  return idle.find((entry) => entry.socket.bytesRead === 0) ?? idle[0]
}
