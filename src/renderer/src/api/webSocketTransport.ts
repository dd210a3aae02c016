import type { RpcResult, Transport } from '../../../shared/contract'
import { formatBytes, MAX_RPC_FRAME_BYTES, utf8Length } from '../../../shared/contract/limits'
import { TOKEN_EXPIRED_CLOSE_CODE, type TokenState } from '../../../shared/contract/webHostProtocol'
import type { ConnectionListener, ConnectionSource, ConnectionStatus } from './connection'

/** The subset of the browser WebSocket this transport uses (so tests can pass a fake). */
export interface SocketLike {
  readonly readyState: number
  send(data: string): void
  close(): void
  onopen: (() => void) | null
  onmessage: ((message: { readonly data: unknown }) => void) | null
  onclose: ((event: { readonly code: number }) => void) | null
}

export interface WebSocketTransportOptions {
  /** ws(s)://host/rpc; the browser sends the access cookie with it. */
  readonly url: string
  /** Asked once before the first connection; only `valid` access connects at all. */
  readonly access?: () => Promise<TokenState>
  readonly createSocket?: (url: string) => SocketLike
  readonly initialDelayMs?: number
  readonly maxDelayMs?: number
}

export type WebSocketTransport = Transport & ConnectionSource & { close(): void }

const OPEN = 1
const DROPPED = 'The connection to Hearth dropped before it answered. Check the result and try again.'
const NO_TOKEN = 'This page has no access token. Open the address printed by `hearth serve`.'
const EXPIRED =
  'The access token of this tab is no longer valid. Open the address `hearth serve` printed when it last started.'

/**
 * The `hearth serve` transport: `{id, method, input}` out, `{id, result}` and `{event, payload}` in.
 * Calls made while disconnected wait in a queue and go out on reconnect; calls that were in flight
 * when the socket dropped are answered with an error, because we cannot know whether they ran.
 * Reconnects back off exponentially so a stopped host is not hammered.
 */
export function webSocketTransport(options: WebSocketTransportOptions): WebSocketTransport {
  const connection = new SocketConnection(options)
  return {
    invoke: (method, input) => connection.invoke(method, input),
    subscribe: (listener) => connection.subscribe(listener),
    onStatus: (listener) => connection.onStatus(listener),
    close: () => connection.close()
  }
}

class SocketConnection {
  private readonly pending = new Map<number, (result: RpcResult<unknown>) => void>()
  private readonly queue: { readonly id: number; readonly message: string }[] = []
  private readonly inFlight = new Set<number>()
  private readonly eventListeners = new Set<(event: string, payload: unknown) => void>()
  private readonly statusListeners = new Set<ConnectionListener>()
  private readonly createSocket: (url: string) => SocketLike
  private status: ConnectionStatus
  private socket: SocketLike | undefined
  private nextId = 1
  private attempt = 0
  private closed = false
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly options: WebSocketTransportOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike)
    this.status = 'connecting'
    if (options.access === undefined) this.connect(options.url)
    else void options.access().then((access) => this.start(access))
  }

  invoke(method: string, input: unknown): Promise<RpcResult<unknown>> {
    const refusal = this.refusal()
    if (refusal !== undefined) return Promise.resolve(refusal)
    const id = this.nextId++
    const message = JSON.stringify({ id, method, input })
    // The host closes the socket on a frame over its limit; say why here instead of dropping.
    const bytes = message.length * 3 > MAX_RPC_FRAME_BYTES ? utf8Length(message) : 0
    if (bytes > MAX_RPC_FRAME_BYTES) return Promise.resolve(tooLarge(bytes))
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      if (this.socket?.readyState === OPEN) this.send(this.socket, id, message)
      else this.queue.push({ id, message })
    })
  }

  subscribe(listener: (event: string, payload: unknown) => void): () => void {
    this.eventListeners.add(listener)
    return () => {
      this.eventListeners.delete(listener)
    }
  }

  onStatus(listener: ConnectionListener): () => void {
    this.statusListeners.add(listener)
    listener(this.status)
    return () => {
      this.statusListeners.delete(listener)
    }
  }

  close(): void {
    this.closed = true
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.socket?.close()
  }

  private start(access: TokenState): void {
    if (this.closed) return
    if (access === 'valid') this.connect(this.options.url)
    else this.giveUp(access === 'stale' ? 'expired' : 'refused')
  }

  /** Stops for good: every waiting call is answered with the reason, and nothing reconnects. */
  private giveUp(status: 'refused' | 'expired'): void {
    this.setStatus(status)
    const refusal = this.refusal()
    for (const resolve of this.pending.values()) if (refusal) resolve(refusal)
    this.pending.clear()
    this.queue.length = 0
  }

  private refusal(): RpcResult<never> | undefined {
    if (this.status === 'refused') return failure(NO_TOKEN)
    if (this.status === 'expired') return failure(EXPIRED)
    return undefined
  }

  private connect(url: string): void {
    const socket = this.createSocket(url)
    this.socket = socket
    socket.onopen = () => {
      this.attempt = 0
      this.setStatus('connected')
      this.queue.splice(0).forEach((queued) => this.send(socket, queued.id, queued.message))
    }
    socket.onmessage = (message) => this.receive(message.data)
    socket.onclose = (event) => {
      const expired = event.code === TOKEN_EXPIRED_CLOSE_CODE
      this.failInFlight(expired ? EXPIRED : DROPPED)
      if (this.closed) return
      if (expired) return this.giveUp('expired')
      this.setStatus('reconnecting')
      const delay = Math.min(
        this.options.maxDelayMs ?? 10_000,
        (this.options.initialDelayMs ?? 500) * 2 ** this.attempt
      )
      this.attempt += 1
      this.timer = setTimeout(() => this.connect(url), delay)
    }
  }

  private send(socket: SocketLike, id: number, message: string): void {
    this.inFlight.add(id)
    socket.send(message)
  }

  private receive(data: unknown): void {
    const message = parseMessage(data)
    if (message === undefined) return
    if (typeof message.event === 'string') {
      const name = message.event
      this.eventListeners.forEach((listener) => listener(name, message.payload))
    } else if (typeof message.id === 'number') {
      const resolve = this.pending.get(message.id)
      this.pending.delete(message.id)
      this.inFlight.delete(message.id)
      resolve?.(message.result as RpcResult<unknown>)
    }
  }

  private failInFlight(reason: string): void {
    for (const id of this.inFlight) {
      this.pending.get(id)?.(failure(reason))
      this.pending.delete(id)
    }
    this.inFlight.clear()
  }

  private setStatus(next: ConnectionStatus): void {
    this.status = next
    this.statusListeners.forEach((listener) => listener(next))
  }
}

interface ServerMessage {
  readonly id?: unknown
  readonly result?: unknown
  readonly event?: unknown
  readonly payload?: unknown
}

function parseMessage(data: unknown): ServerMessage | undefined {
  try {
    const parsed: unknown = JSON.parse(String(data))
    return typeof parsed === 'object' && parsed !== null ? (parsed as ServerMessage) : undefined
  } catch {
    return undefined
  }
}

function failure(message: string): RpcResult<never> {
  return { ok: false, error: { code: 'internal', message } }
}

function tooLarge(bytes: number): RpcResult<never> {
  const message = `This request is ${formatBytes(bytes)}, more than the ${formatBytes(MAX_RPC_FRAME_BYTES)} Hearth accepts in one message. Nothing was sent.`
  return { ok: false, error: { code: 'invalid_input', message } }
}

/** The RPC address for the page we were served from: same host, `/rpc` (the cookie carries the token). */
export function rpcUrlFromLocation(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/rpc`
}
