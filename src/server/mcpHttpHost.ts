import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { batchesAllowed, INVALID_REQUEST, PARSE_ERROR } from '../core/nexus/mcp/guardedStdioTransport'

const MAX_BODY_BYTES = 4 * 1024 * 1024
const MAX_SESSIONS = 64

export interface McpHttpHostOptions {
  readonly port: number
  /** The bearer token every request must carry; generated when not given. */
  readonly token?: string
  /** Other tokens that are accepted too (client bindings' tokens), checked by the caller. */
  readonly acceptsToken?: (token: string) => boolean
  /** A fresh MCP server for one client session; `token` is the bearer it presented. */
  readonly createServer: (token: string) => Server
}

export interface McpHttpHost {
  readonly url: string
  readonly token: string
  close(): Promise<void>
}

interface Session {
  readonly transport: StreamableHTTPServerTransport
  readonly server: Server
}

/**
 * Hearth's MCP server over Streamable HTTP on 127.0.0.1, for runtimes on other machines (through
 * an SSH tunnel or a reverse proxy). Every request needs the bearer token; a browser page on
 * another origin is refused. One MCP server per session, so each client is signed as itself.
 * Bodies that are not JSON get -32700, and batches are refused unless the session negotiated
 * 2025-03-26 (the one protocol version that has them).
 */
export async function startMcpHttpHost(options: McpHttpHostOptions): Promise<McpHttpHost> {
  const token = options.token ?? randomBytes(24).toString('hex')
  const sessions = new Map<string, Session>()
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        reply(response, 500, {
          jsonrpc: '2.0',
          id: null,
          error: {
            code: -32603,
            message: `Internal error: ${error instanceof Error ? error.message : String(error)}`
          }
        })
    })
  })
  http.headersTimeout = 15_000
  http.requestTimeout = 0

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (url.pathname !== '/mcp') return reply(response, 404, { error: 'Not found: the MCP endpoint is /mcp' })
    if (!originAllowed(request.headers.origin))
      return reply(response, 403, { error: 'Requests from web pages on other origins are refused' })
    const presented = bearer(request.headers.authorization)
    if (presented === null || !(sameToken(presented, token) || options.acceptsToken?.(presented) === true)) {
      response.setHeader('WWW-Authenticate', 'Bearer realm="hearth-mcp"')
      return reply(response, 401, {
        error: 'A valid bearer token is required (Authorization: Bearer <token>)'
      })
    }
    const sessionId = header(request, 'mcp-session-id')
    if (request.method === 'POST') return post(request, response, sessionId, presented)
    const session = sessionId ? sessions.get(sessionId) : undefined
    if (!session)
      return reply(
        response,
        sessionId ? 404 : 400,
        jsonRpcError(
          INVALID_REQUEST,
          sessionId ? 'Unknown or ended session' : 'Missing mcp-session-id header'
        )
      )
    await session.transport.handleRequest(request, response)
  }

  async function post(
    request: IncomingMessage,
    response: ServerResponse,
    sessionId: string | undefined,
    presented: string
  ): Promise<void> {
    const text = await readBody(request)
    if (text === null)
      return reply(response, 413, jsonRpcError(INVALID_REQUEST, `Request body over ${MAX_BODY_BYTES} bytes`))
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
    const existing = sessionId ? sessions.get(sessionId) : undefined
    if (sessionId && !existing)
      return reply(response, 404, jsonRpcError(INVALID_REQUEST, 'Unknown or ended session; initialize again'))
    const session = existing ?? (await openSession(presented, response))
    if (session) await session.transport.handleRequest(request, response, body)
  }

  async function openSession(presented: string, response: ServerResponse): Promise<Session | null> {
    if (sessions.size >= MAX_SESSIONS) {
      reply(response, 503, jsonRpcError(INVALID_REQUEST, 'Too many open sessions'))
      return null
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, session),
      onsessionclosed: (id) => void sessions.delete(id)
    })
    const server = options.createServer(presented)
    const session: Session = { transport, server }
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    return session
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port, '127.0.0.1', () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    close: async () => {
      // Closing on the way out: a session whose client already vanished has nothing left to close.
      await Promise.all(
        [...sessions.values()].map((session) => session.server.close().catch(() => undefined))
      )
      sessions.clear()
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

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
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

function jsonRpcError(code: number, message: string): Record<string, unknown> {
  return { jsonrpc: '2.0', id: null, error: { code, message } }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' })
  response.end(JSON.stringify(body))
}
