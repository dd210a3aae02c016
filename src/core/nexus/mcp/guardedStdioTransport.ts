import type { Readable, Writable } from 'node:stream'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { JSONRPCMessageSchema, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js'

/** JSON-RPC 2.0 error codes a transport answers itself. */
export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
const MAX_LINE_BYTES = 10 * 1024 * 1024

/** The one protocol version that had JSON-RPC batches (added in 2025-03-26, removed in 2025-06-18). */
export function batchesAllowed(protocolVersion: string | undefined): boolean {
  return protocolVersion === '2025-03-26'
}

type Id = RequestId | null

function errorLine(id: Id, code: number, message: string): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage
}

/**
 * MCP over stdio with the JSON-RPC answers the SDK transport leaves out: a line that is not JSON
 * gets -32700, a message that is not JSON-RPC gets -32600 (with its id when it has one), and a
 * batch is answered as a batch under protocol 2025-03-26 and refused (-32600) under every other
 * version. Everything else goes to the server unchanged.
 */
export class GuardedStdioTransport implements Transport {
  onmessage?: (message: JSONRPCMessage) => void
  onerror?: (error: Error) => void
  onclose?: () => void
  private buffer = ''
  private protocolVersion: string | undefined
  private initializeId: Id | undefined
  /** Open batches: each request id waits for its response, then the batch is written whole. */
  private readonly batches: { readonly waiting: Set<string>; readonly responses: JSONRPCMessage[] }[] = []

  constructor(
    private readonly input: Readable,
    private readonly output: Writable
  ) {}

  async start(): Promise<void> {
    this.input.setEncoding('utf8')
    this.input.on('data', this.onData)
    this.input.on('end', this.onEnd)
  }

  async send(message: JSONRPCMessage): Promise<void> {
    this.noteNegotiation(message)
    const id =
      'id' in message && !('method' in message) && message.id !== undefined ? key(message.id) : undefined
    const batch = id === undefined ? undefined : this.batches.find((open) => open.waiting.has(id))
    if (batch && id !== undefined) {
      batch.waiting.delete(id)
      batch.responses.push(message)
      if (batch.waiting.size === 0) {
        this.batches.splice(this.batches.indexOf(batch), 1)
        this.write(batch.responses)
      }
      return
    }
    this.write(message)
  }

  async close(): Promise<void> {
    this.input.off('data', this.onData)
    this.input.off('end', this.onEnd)
    this.onclose?.()
  }

  private readonly onData = (chunk: string): void => {
    this.buffer += chunk
    if (this.buffer.length > MAX_LINE_BYTES && !this.buffer.includes('\n')) {
      this.buffer = ''
      this.write(
        errorLine(null, INVALID_REQUEST, `Invalid Request: a message longer than ${MAX_LINE_BYTES} bytes`)
      )
      return
    }
    let newline = this.buffer.indexOf('\n')
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline).replace(/\r$/, '')
      this.buffer = this.buffer.slice(newline + 1)
      if (line.trim() !== '') this.handleLine(line)
      newline = this.buffer.indexOf('\n')
    }
  }

  private readonly onEnd = (): void => {
    this.onclose?.()
  }

  private handleLine(line: string): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(line)
    } catch (error) {
      this.write(
        errorLine(null, PARSE_ERROR, `Parse error: ${error instanceof Error ? error.message : String(error)}`)
      )
      return
    }
    if (Array.isArray(parsed)) this.handleBatch(parsed)
    else {
      const message = this.checked(parsed)
      if (message) this.deliver(message)
    }
  }

  private handleBatch(items: readonly unknown[]): void {
    if (items.length === 0)
      return this.write(errorLine(null, INVALID_REQUEST, 'Invalid Request: an empty batch'))
    if (!batchesAllowed(this.protocolVersion)) {
      const version = this.protocolVersion ?? 'none negotiated yet'
      return this.write(
        errorLine(
          null,
          INVALID_REQUEST,
          `Invalid Request: JSON-RPC batches are not supported under MCP protocol version ${version} (only 2025-03-26 has them); send one message per line`
        )
      )
    }
    const messages = items.map((item) => this.checked(item, true))
    const requests = messages.filter(
      (m): m is JSONRPCMessage & { id: RequestId; method: string } => m !== null && 'id' in m && 'method' in m
    )
    if (requests.length > 0)
      this.batches.push({
        waiting: new Set(requests.map((request) => key(request.id))),
        responses: [...this.pendingErrors]
      })
    else if (this.pendingErrors.length > 0) this.write([...this.pendingErrors])
    this.pendingErrors = []
    for (const message of messages) if (message) this.deliver(message)
  }

  private pendingErrors: JSONRPCMessage[] = []

  /** The message when it is valid JSON-RPC; otherwise answers -32600 (now, or with its batch). */
  private checked(value: unknown, inBatch = false): JSONRPCMessage | null {
    const parsed = JSONRPCMessageSchema.safeParse(value)
    if (parsed.success) return parsed.data
    const rawId = (value as { id?: unknown } | null)?.id
    const id: Id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null
    const reply = errorLine(
      id,
      INVALID_REQUEST,
      'Invalid Request: not a JSON-RPC 2.0 message (needs "jsonrpc": "2.0" and a method, or a result or error with an id)'
    )
    if (inBatch) this.pendingErrors.push(reply)
    else this.write(reply)
    return null
  }

  private deliver(message: JSONRPCMessage): void {
    if ('method' in message && message.method === 'initialize' && 'id' in message)
      this.initializeId = message.id
    this.onmessage?.(message)
  }

  /** Remembers the version the server agreed in its answer to `initialize`. */
  private noteNegotiation(message: JSONRPCMessage): void {
    if (this.initializeId === undefined || !('result' in message) || message.id !== this.initializeId) return
    const version = (message.result as { protocolVersion?: unknown }).protocolVersion
    if (typeof version === 'string') this.protocolVersion = version
  }

  private write(message: JSONRPCMessage | readonly JSONRPCMessage[]): void {
    this.output.write(`${JSON.stringify(message)}\n`)
  }
}

function key(id: RequestId): string {
  return `${typeof id}:${String(id)}`
}
