import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { reportUnexpected, type ErrorLog } from '../core/rpc/unexpectedErrors'
import { guardConnections } from './connectionGuard'
import { refuseSocket, SECURITY_HEADERS, sendText } from './securityHeaders'

/** How much a host lets clients hold; each bound exists because its absence was a denial of service. */
export interface ServerLimits {
  /** Open TCP connections; a newcomer over the cap closes the oldest idle one (see guardConnections). */
  readonly maxConnections: number
  /** Time a client has to send its request headers, counted from the connection (a silent socket too). */
  readonly headersTimeoutMs: number
  /** Time a client has to send a whole request. */
  readonly requestTimeoutMs: number
  /** An idle keep-alive HTTP connection is closed after this. */
  readonly keepAliveTimeoutMs: number
}

/**
 * An HTTP server for 127.0.0.1 that no client can wedge: bounded header, request and keep-alive
 * waits, a connection cap that lets newcomers in, the security headers on every response it
 * writes (set before the handler runs, so even a library's own answer carries them), malformed
 * requests answered and closed, and any unexpected error answered with 500 and logged (`errors`
 * may be read late: a host can listen before the log it reports to exists).
 */
export function createHardenedServer(
  limits: ServerLimits,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  errors: ErrorLog | (() => ErrorLog | undefined) | undefined
): Server {
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs)
  })
  guardConnections(server, limits.maxConnections)
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.on('error', () => res.destroy())
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
    handle(req, res).catch((error: unknown) => {
      // The path only: the query may carry the access token.
      const path = (req.url ?? '').split('?')[0]
      const log = typeof errors === 'function' ? errors() : errors
      const { requestId } = reportUnexpected(log, `${req.method ?? 'GET'} ${path}`, error)
      // No home path here: requests are answered before the token is checked.
      sendText(res, 500, `Internal error (request ${requestId} in the Hearth log)`)
    })
  })
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
      socket.destroy()
      return
    }
    refuseSocket(
      socket,
      error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
    )
  })
  return server
}

/** Listens on 127.0.0.1 only; once listening, a server error (EMFILE on accept) never ends the process. */
export function listenLocal(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      server.on('error', () => undefined)
      resolve()
    })
  })
}
