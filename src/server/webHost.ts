import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Core } from '../core/createCore'
import { reportUnexpected, type ErrorLog } from '../core/rpc/unexpectedErrors'
import { MAX_RPC_FRAME_BYTES } from '../shared/contract/limits'
import { TOKEN_EXPIRED_CLOSE_CODE, TOKEN_STATUS_PATH } from '../shared/contract/webHostProtocol'
import { isOwnHost, ownOrigins, parseRequestTarget, tokensMatch } from './requestTarget'
import { attachRpcSocket, startHeartbeat } from './rpcSocket'
import { refuseSocket, sendText } from './securityHeaders'
import { serveStatic } from './staticFiles'
import { cookieTokenState, exchangeToken } from './tokenCookie'

/** How much the host lets clients hold; each bound exists because its absence was a denial of service. */
export interface WebHostLimits {
  /** Open TCP connections of any kind (page loads and WebSockets); more are dropped on arrival. */
  readonly maxConnections: number
  /** Open RPC WebSockets; more are refused with 503. */
  readonly maxClients: number
  /** Time a client has to send its request headers. */
  readonly headersTimeoutMs: number
  /** Time a client has to send a whole request. */
  readonly requestTimeoutMs: number
  /** An idle keep-alive HTTP connection is closed after this. */
  readonly keepAliveTimeoutMs: number
  /** WebSocket ping interval; a client that misses a ping is dropped. */
  readonly heartbeatMs: number
}

export const DEFAULT_WEB_HOST_LIMITS: WebHostLimits = {
  maxConnections: 128,
  maxClients: 32,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  heartbeatMs: 30_000
}

export interface WebHostOptions {
  readonly core: Core
  readonly rendererDir: string
  readonly port?: number
  /** Fixed token for tests; a random one per run otherwise. */
  readonly token?: string
  readonly limits?: Partial<WebHostLimits>
}

export interface WebHost {
  readonly url: string
  readonly port: number
  readonly token: string
  close(): Promise<void>
}

/**
 * `hearth serve`: the renderer and the contract on 127.0.0.1 only. A WebSocket must present the
 * per-run token and come from our own origin with our own Host header (blocks other local
 * pages and DNS rebinding); anything else is refused before the upgrade completes. No input may
 * end the process: every parse is total, every socket has an error listener, every wait is bounded.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const limits = { ...DEFAULT_WEB_HOST_LIMITS, ...options.limits }
  const token = options.token ?? randomBytes(24).toString('base64url')
  const server = createHttpServer(
    limits,
    (req, res) => answerHttp(req, res, { rendererDir: options.rendererDir, port: port(), token }),
    options.core.errorLog
  )
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_RPC_FRAME_BYTES, clientTracking: true })
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const verdict =
      checkUpgrade(req, port(), token) ?? (wss.clients.size >= limits.maxClients ? 503 : 'accept')
    if (typeof verdict === 'number') {
      refuseSocket(socket, verdict)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      if (verdict === 'stale') ws.close(TOKEN_EXPIRED_CLOSE_CODE, 'The access token is no longer valid')
      else attachRpcSocket(ws, options.core)
    })
  })
  const stopHeartbeat = startHeartbeat(() => wss.clients, limits.heartbeatMs)
  await listen(server, options.port ?? 0)
  function port(): number {
    return (server.address() as AddressInfo).port
  }
  return {
    url: `http://127.0.0.1:${port()}/?token=${encodeURIComponent(token)}`,
    port: port(),
    token,
    close: () => {
      stopHeartbeat()
      return closeAll(server, wss)
    }
  }
}

function createHttpServer(
  limits: WebHostLimits,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  errors: ErrorLog
): Server {
  const requestTimeout = Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs)
  const server = createServer({
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs)
  })
  server.maxConnections = limits.maxConnections
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    res.on('error', () => res.destroy())
    handle(req, res).catch((error: unknown) => {
      // The path only: the query may carry the access token.
      const path = (req.url ?? '').split('?')[0]
      const { requestId } = reportUnexpected(errors, `${req.method ?? 'GET'} ${path}`, error)
      // No home path here: pages are served before the token is checked.
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

interface Site {
  readonly rendererDir: string
  readonly port: number
  readonly token: string
}

async function answerHttp(req: IncomingMessage, res: ServerResponse, site: Site): Promise<void> {
  if (!isOwnHost(req, site.port)) return sendText(res, 421, 'Wrong host')
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return sendText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' })
  const target = parseRequestTarget(req.url)
  if (target === undefined) return sendText(res, 400, 'Bad request target')
  if (target.pathname === TOKEN_STATUS_PATH) {
    return sendText(res, 200, JSON.stringify({ token: cookieTokenState(req, site.port, site.token) }), {
      'content-type': 'application/json'
    })
  }
  if (target.query.has('token') && exchangeToken(res, target, site.port, site.token)) return
  await serveStatic(site.rendererDir, target.pathname, res, req.method === 'HEAD')
}

/**
 * Returns the HTTP status to refuse an upgrade with, `stale` for a browser whose cookie holds
 * an old token (accepted only to be closed with a code the page can read, since a browser never
 * sees an upgrade's status), or undefined to accept. Scripts present `?token=`; pages, the cookie.
 */
export function checkUpgrade(
  req: IncomingMessage,
  port: number,
  token: string
): number | 'stale' | undefined {
  if (!isOwnHost(req, port)) return 421
  const origin = req.headers.origin
  if (origin !== undefined && !ownOrigins(port).includes(origin)) return 403
  const target = parseRequestTarget(req.url)
  if (target === undefined) return 400
  if (target.pathname !== '/rpc') return 404
  const presented = target.query.get('token')
  if (presented !== null) return tokensMatch(presented, token) ? undefined : 401
  const fromCookie = cookieTokenState(req, port, token)
  if (fromCookie === 'valid') return undefined
  return fromCookie === 'stale' && origin !== undefined ? 'stale' : 401
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      // After listening, a server error (e.g. EMFILE on accept) must not end the process.
      server.on('error', () => undefined)
      resolve()
    })
  })
}

function closeAll(server: Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.terminate()
  return new Promise((resolve) => {
    wss.close(() => server.close(() => resolve()))
    server.closeAllConnections()
  })
}
