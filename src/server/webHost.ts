import { randomBytes } from 'node:crypto'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { WebSocket, WebSocketServer } from 'ws'
import type { Core } from '../core/createCore'
import { MAX_RPC_FRAME_BYTES } from '../shared/contract/limits'
import { TOKEN_EXPIRED_CLOSE_CODE, TOKEN_STATUS_PATH } from '../shared/contract/webHostProtocol'
import { hostRefusal, ownOrigins, parseRequestTarget, tokensMatch } from './requestTarget'
import { createHardenedServer, listenLocal, type ServerLimits } from './hardenedServer'
import { fileRequests } from './fileRequests'
import { startHeartbeat } from './heartbeat'
import { refuseSocket, SECURITY_HEADERS, sendText } from './securityHeaders'
import { serveStatic } from './staticFiles'
import { cookieTokenState, exchangeToken } from './tokenCookie'

/** The server's bounds plus the WebSocket ones. */
export interface WebHostLimits extends ServerLimits {
  /** Open RPC WebSockets; more are refused with 503. */
  readonly maxClients: number
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
  /**
   * The core, or the promise of it: `hearth serve` listens (the page and its code load) while
   * the core is still loading; a WebSocket's handshake completes once the core is there.
   */
  readonly core: Core | Promise<Core>
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
  /**
   * Resolves once no request is being answered nor has been for a moment (looked at after the
   * requests already received are read): a host loading its core in steps lets the page's
   * files go first.
   */
  filesServed(): Promise<void>
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
  let core: Core | undefined = options.core instanceof Promise ? undefined : options.core
  // The code serving RPC on a socket (ws, zod, the dispatcher) loads once the core is there, not
  // before the address is printed: until then only the page's files are served.
  let rpc: RpcServing | undefined
  const rpcReady = Promise.resolve(options.core).then(async (ready) => {
    const [{ attachRpcSocket }, { WebSocketServer }] = await Promise.all([
      import('./rpcSocket'),
      import('ws')
    ])
    core = ready
    return (rpc = { core: ready, attach: attachRpcSocket, wss: socketServer(WebSocketServer) })
  })
  // Until the core is there nothing is logged: static files and refusals need no log.
  rpcReady.catch(() => undefined)
  const files = fileRequests()
  const server = createHardenedServer(
    limits,
    (req, res) => {
      files.started(res)
      return answerHttp(req, res, { rendererDir: options.rendererDir, port: port(), token })
    },
    () => core?.errorLog
  )
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    const verdict =
      checkUpgrade(req, port(), token) ?? ((rpc?.wss.clients.size ?? 0) >= limits.maxClients ? 503 : 'accept')
    if (typeof verdict === 'number') {
      refuseSocket(socket, verdict)
      return
    }
    const upgrade = (serving: RpcServing): void =>
      serving.wss.handleUpgrade(req, socket, head, (ws) => {
        if (verdict === 'stale') ws.close(TOKEN_EXPIRED_CLOSE_CODE, 'The access token is no longer valid')
        else serving.attach(ws, serving.core)
      })
    if (rpc !== undefined) upgrade(rpc)
    else
      rpcReady.then(
        (serving) => (socket.destroyed ? undefined : upgrade(serving)),
        // The core could not open: the host is stopping and says why on stderr.
        () => refuseSocket(socket, 503)
      )
  })
  const stopHeartbeat = startHeartbeat(() => rpc?.wss.clients ?? [], limits.heartbeatMs)
  await listenLocal(server, options.port ?? 0)
  function port(): number {
    return (server.address() as AddressInfo).port
  }
  return {
    url: `http://127.0.0.1:${port()}/?token=${encodeURIComponent(token)}`,
    port: port(),
    token,
    filesServed: files.done,
    close: () => {
      stopHeartbeat()
      return closeAll(server, rpc?.wss)
    }
  }
}

/** The core with the code that serves it on a socket, both loaded. */
interface RpcServing {
  readonly core: Core
  readonly attach: (ws: WebSocket, core: Core) => void
  readonly wss: WebSocketServer
}

function socketServer(Server: typeof WebSocketServer): WebSocketServer {
  const wss = new Server({ noServer: true, maxPayload: MAX_RPC_FRAME_BYTES, clientTracking: true })
  // The handshake's 101 carries the security headers like every other response.
  wss.on('headers', (headers: string[]) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.push(`${name}: ${value}`)
  })
  return wss
}

interface Site {
  readonly rendererDir: string
  readonly port: number
  readonly token: string
}

async function answerHttp(req: IncomingMessage, res: ServerResponse, site: Site): Promise<void> {
  const refusal = hostRefusal(req, site.port)
  if (refusal !== undefined)
    return sendText(res, refusal, refusal === 400 ? 'Exactly one Host header is required' : 'Wrong host')
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
  const refusal = hostRefusal(req, port)
  if (refusal !== undefined) return refusal
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

function closeAll(server: Server, wss: WebSocketServer | undefined): Promise<void> {
  for (const client of wss?.clients ?? []) client.terminate()
  return new Promise((resolve) => {
    const closeServer = (): void => {
      server.close(() => resolve())
    }
    if (wss === undefined) closeServer()
    else wss.close(closeServer)
    server.closeAllConnections()
  })
}
