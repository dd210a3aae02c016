import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { z } from 'zod'
import type { Core } from '../core/createCore'
import { dispatch } from '../core/rpc/dispatch'
import { serveStatic } from './staticFiles'

export interface WebHostOptions {
  readonly core: Core
  readonly rendererDir: string
  readonly port?: number
  /** Fixed token for tests; a random one per run otherwise. */
  readonly token?: string
}

export interface WebHost {
  readonly url: string
  readonly port: number
  readonly token: string
  close(): Promise<void>
}

const ClientMessage = z.object({ id: z.union([z.number(), z.string()]), method: z.string(), input: z.unknown() })

/**
 * `hearth serve`: the renderer and the contract on 127.0.0.1 only. A WebSocket must present the
 * per-run token and come from our own origin with our own Host header (blocks other local
 * pages and DNS rebinding); anything else is refused before the upgrade completes.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const token = options.token ?? randomBytes(24).toString('base64url')
  const server = createServer((req, res) => {
    if (!isOwnHost(req, port())) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Wrong host')
      return
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end()
      return
    }
    serveStatic(options.rendererDir, req.url ?? '/', res)
  })
  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 })
  server.on('upgrade', (req, socket, head) => {
    const refusal = checkUpgrade(req, port(), token)
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => attachClient(ws, options.core))
  })
  await listen(server, options.port ?? 0)
  function port(): number {
    return (server.address() as AddressInfo).port
  }
  const url = `http://127.0.0.1:${port()}/?token=${encodeURIComponent(token)}`
  return {
    url,
    port: port(),
    token,
    close: () => closeAll(server, wss)
  }
}

function attachClient(ws: WebSocket, core: Core): void {
  const unsubscribe = core.subscribe((event, payload) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event, payload }))
  })
  ws.on('message', (raw) => {
    let parsed: unknown
    try {
      parsed = JSON.parse(raw.toString())
    } catch {
      ws.send(JSON.stringify({ id: null, result: { ok: false, error: { code: 'bad_request', message: 'Not JSON' } } }))
      return
    }
    const message = ClientMessage.safeParse(parsed)
    if (!message.success) {
      ws.send(JSON.stringify({ id: null, result: { ok: false, error: { code: 'bad_request', message: 'Expected {id, method, input}' } } }))
      return
    }
    void dispatch(core.handlers, { method: message.data.method, input: message.data.input }).then((result) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ id: message.data.id, result }))
    })
  })
  ws.on('close', unsubscribe)
}

/** Returns an HTTP status line when the upgrade must be refused, or undefined to accept. */
export function checkUpgrade(req: IncomingMessage, port: number, token: string): string | undefined {
  if (!isOwnHost(req, port)) return '421 Misdirected Request'
  const origin = req.headers.origin
  if (origin !== undefined && !ownOrigins(port).includes(origin)) return '403 Forbidden'
  const presented = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token') ?? ''
  if (!safeEqual(presented, token)) return '401 Unauthorized'
  return undefined
}

function isOwnHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`
}

function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
}

function closeAll(server: Server, wss: WebSocketServer): Promise<void> {
  for (const client of wss.clients) client.terminate()
  return new Promise((resolve) => {
    wss.close(() => server.close(() => resolve()))
    server.closeAllConnections()
  })
}
