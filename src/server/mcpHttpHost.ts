import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { batchesAllowed, INVALID_REQUEST, PARSE_ERROR } from '../core/nexus/mcp/guardedStdioTransport'
import type { ErrorLog } from '../core/rpc/unexpectedErrors'
import { createHardenedServer, listenLocal, type ServerLimits } from './hardenedServer'
import { McpSessionTable, tokenHash, type McpSession } from './mcpSessions'
import { hostRefusal, parseRequestTarget, tokensMatch } from './requestTarget'

const MAX_BODY_BYTES = 4 * 1024 * 1024
/** JSON-RPC's implementation-defined server error, as the SDK's transport answers header problems. */
const SERVER_ERROR = -32000

/** The MCP host's bounds: the server's, plus how many sessions stay open and for how long idle. */
export interface McpHttpLimits extends ServerLimits {
  readonly maxSessions: number
  /** A session with no request for this long is closed (clients rarely send DELETE). */
  readonly sessionIdleMs: number
}

export const DEFAULT_MCP_HTTP_LIMITS: McpHttpLimits = {
  maxConnections: 128,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxSessions: 64,
  sessionIdleMs: 30 * 60_000
}

export interface McpHttpHostOptions {
  readonly port: number
  /** The bearer token every request must carry; generated when not given. */
  readonly token?: string
  /** Other tokens that are accepted too (client bindings' tokens), checked by the caller. */
  readonly acceptsToken?: (token: string) => boolean
  /** A fresh MCP server for one client session; `token` is the bearer it presented. */
  readonly createServer: (token: string) => Server
  readonly limits?: Partial<McpHttpLimits>
  /** Where unexpected errors are logged. */
  readonly errors?: ErrorLog
}

export interface McpHttpHost {
  readonly url: string
  readonly token: string
  /** Open sessions, for tests and the bench. */
  sessionCount(): number
  close(): Promise<void>
}

/**
 * Hearth's MCP server over Streamable HTTP on 127.0.0.1, for runtimes on other machines (through
 * an SSH tunnel or a reverse proxy that keeps the Host header). Every request needs the bearer
 * token and our own Host; a browser page on another origin is refused. One MCP server per
 * session, so each client is signed as itself, and a session answers only the token that opened
 * it. Bodies that are not JSON get -32700, and batches are refused unless the session negotiated
 * 2025-03-26 (the one protocol version that has them).
 */
export async function startMcpHttpHost(options: McpHttpHostOptions): Promise<McpHttpHost> {
  const limits = { ...DEFAULT_MCP_HTTP_LIMITS, ...options.limits }
  const token = options.token ?? randomBytes(24).toString('hex')
  const sessions = new McpSessionTable(limits.maxSessions, limits.sessionIdleMs)
  const http = createHardenedServer(limits, (request, response) => handle(request, response), options.errors)
  const sweep = setInterval(() => sessions.expireIdle(), Math.min(limits.sessionIdleMs, 60_000))
  sweep.unref()

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const hostStatus = hostRefusal(request, port())
    if (hostStatus !== undefined)
      return reply(response, hostStatus, {
        error: hostStatus === 400 ? 'Exactly one Host header is required' : 'Wrong host'
      })
    const target = parseRequestTarget(request.url)
    if (target?.pathname !== '/mcp')
      return reply(response, 404, { error: 'Not found: the MCP endpoint is /mcp' })
    if (!originAllowed(request.headers.origin))
      return reply(response, 403, { error: 'Requests from web pages on other origins are refused' })
    if (headerCount(request, 'authorization') > 1)
      return reply(response, 400, { error: 'Exactly one Authorization header is allowed' })
    const presented = bearer(request.headers.authorization)
    if (
      presented === null ||
      !(tokensMatch(presented, token) || options.acceptsToken?.(presented) === true)
    ) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="hearth-mcp"')
      return reply(response, 401, {
        error: 'A valid bearer token is required (Authorization: Bearer <token>)'
      })
    }
    const sessionId = header(request, 'mcp-session-id')
    if (request.method === 'POST') return post(request, response, sessionId, presented)
    if (!sessionId)
      return reply(response, 400, jsonRpcError(INVALID_REQUEST, 'Missing mcp-session-id header'))
    const session = findSession(sessionId, presented, response)
    if (session) await serveIn(session, request, response)
  }

  /** The session for an id, or null after answering why not (unknown, or opened with another token). */
  function findSession(sessionId: string, presented: string, response: ServerResponse): McpSession | null {
    const found = sessions.lookup(sessionId, presented)
    if (found.kind === 'found') return found.session
    if (found.kind === 'other-token')
      reply(response, 403, jsonRpcError(INVALID_REQUEST, 'This session was opened with another token'))
    else reply(response, 404, jsonRpcError(INVALID_REQUEST, 'Unknown or ended session; initialize again'))
    return null
  }

  function serveIn(
    session: McpSession,
    request: IncomingMessage,
    response: ServerResponse,
    body?: unknown
  ): Promise<void> {
    // A client's standalone GET stream stays open for the whole session: it is not activity.
    if (request.method === 'GET') session.lastActive = Date.now()
    else sessions.track(session, (done) => response.once('close', done))
    return session.transport.handleRequest(request, response, body)
  }

  async function post(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string | undefined,
    presented: string
  ): Promise<void> {
    const refused = postRefusal(request)
    if (refused) return reply(response, refused.status, jsonRpcError(refused.code, refused.message))
    const text = await readBody(request)
    if (text === null) return refuseOversized(response)
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      return reply(
        response,
        400,
        jsonRpcError(PARSE_ERROR, `Parse error: ${error instanceof Error ? error.message : String(error)}`)
      )
    }
    const version = header(request, 'mcp-protocol-version')
    if (Array.isArray(body) && !batchesAllowed(version)) {
      return reply(
        response,
        400,
        jsonRpcError(
          INVALID_REQUEST,
          `JSON-RPC batches are not supported under MCP protocol version ${version ?? 'none negotiated yet'} (only 2025-03-26 has them)`
        )
      )
    }
    if (sessionId) {
      const session = findSession(sessionId, presented, response)
      return session ? serveIn(session, request, response, body) : undefined
    }
    // Only an initialize opens a session; anything else would be refused by the transport anyway.
    if (!isInitializeRequest(body))
      return reply(
        response,
        400,
        jsonRpcError(INVALID_REQUEST, 'Missing mcp-session-id header; initialize first')
      )
    if (!sessions.makeRoom())
      return reply(
        response,
        503,
        jsonRpcError(INVALID_REQUEST, `All ${limits.maxSessions} sessions are busy; try again shortly`)
      )
    const session = await openSession(presented)
    await serveIn(session, request, response, body)
  }

  async function openSession(presented: string): Promise<McpSession> {
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => sessions.add(id, session),
      onsessionclosed: (id) => sessions.delete(id)
    })
    const server = options.createServer(presented)
    const session: McpSession = {
      transport,
      server,
      tokenHash: tokenHash(presented),
      lastActive: Date.now(),
      inFlight: 0
    }
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    return session
  }

  await listenLocal(http, options.port)
  function port(): number {
    return (http.address() as AddressInfo).port
  }
  return {
    url: `http://127.0.0.1:${port()}/mcp`,
    token,
    sessionCount: () => sessions.size,
    close: async () => {
      clearInterval(sweep)
      await sessions.closeAll()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  }
}

function originAllowed(origin: string | undefined): boolean {
  if (origin === undefined) return true
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname)
  } catch {
    return false
  }
}

function bearer(value: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value ?? '')
  return match?.[1] ?? null
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

function readBody(request: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_BODY_BYTES) chunks.push(chunk)
    })
    request.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

/** A POST refused on its headers alone, before its body is read or a session is opened. */
function postRefusal(
  request: IncomingMessage
): { status: number; code: number; message: string } | undefined {
  const type = (header(request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json')
    return {
      status: 415,
      code: SERVER_ERROR,
      message: 'Unsupported Media Type: the body must be application/json'
    }
  const accept = header(request, 'accept') ?? ''
  if (!accept.includes('application/json') || !accept.includes('text/event-stream'))
    return {
      status: 406,
      code: SERVER_ERROR,
      message: 'Not Acceptable: the client must accept both application/json and text/event-stream'
    }
  const declared = Number(header(request, 'content-length') ?? 0)
  if (declared > MAX_BODY_BYTES)
    return { status: 413, code: INVALID_REQUEST, message: `Request body over ${MAX_BODY_BYTES} bytes` }
  return undefined
}

/** 413 (the rest of the body is discarded by Node, bounded by the request timeout). */
function refuseOversized(response: ServerResponse): void {
  reply(response, 413, jsonRpcError(INVALID_REQUEST, `Request body over ${MAX_BODY_BYTES} bytes`))
}

function headerCount(request: IncomingMessage, name: string): number {
  let count = 0
  for (let index = 0; index < request.rawHeaders.length; index += 2)
    if (request.rawHeaders[index]?.toLowerCase() === name) count++
  return count
}

function jsonRpcError(code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id: null, error: { code, message } }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  // The security headers are already set on every response by createHardenedServer.
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
