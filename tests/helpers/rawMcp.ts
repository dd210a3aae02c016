import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { z } from 'zod'
import { CLI } from './cli'

/** One JSON-RPC answer: a result, or an error with its code and words. */
const replySchema = z.looseObject({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional()
})
export type RawReply = z.infer<typeof replySchema>

/**
 * `hearth mcp` on stdio spoken to line by line, for the JSON-RPC details an SDK client never
 * sends (bad JSON, batches, invalid requests). `next()` resolves with the next line it answers.
 */
export class RawMcpSession {
  private readonly child: ChildProcessWithoutNullStreams
  private readonly lines: string[] = []
  private readonly waiters: Array<(line: string) => void> = []
  private buffer = ''
  stderr = ''

  constructor(home: string, env: Readonly<Record<string, string>> = {}) {
    this.child = spawn(process.execPath, [CLI, '--home', home, 'mcp'], {
      env: { ...process.env, ...env },
      stdio: 'pipe'
    })
    this.child.stdout.setEncoding('utf8')
    this.child.stdout.on('data', (chunk: string) => this.take(chunk))
    this.child.stderr.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()))
  }

  send(value: unknown): void {
    this.child.stdin.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`)
  }

  next(): Promise<unknown> {
    const line = this.lines.shift()
    if (line !== undefined) return Promise.resolve(JSON.parse(line))
    return new Promise((resolve) => this.waiters.push((text) => resolve(JSON.parse(text))))
  }

  /** Sends a request and waits for its answer (the server answers one line per request here). */
  async request(id: number, method: string, params: Record<string, unknown> = {}): Promise<RawReply> {
    this.send({ jsonrpc: '2.0', id, method, params })
    return replySchema.parse(await this.next())
  }

  /** A request's result read with `schema`; an error answer throws with its code and words. */
  async result<T>(
    id: number,
    method: string,
    params: Record<string, unknown>,
    schema: z.ZodType<T>
  ): Promise<T> {
    const reply = await this.request(id, method, params)
    if (reply.error) throw new Error(`${method} answered ${reply.error.code}: ${reply.error.message}`)
    return schema.parse(reply.result)
  }

  /** The MCP handshake with a chosen protocol version and client name. */
  async initialize(protocolVersion: string, name = 'raw-test'): Promise<RawReply> {
    const answer = await this.request(0, 'initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name, version: '1.0.0' }
    })
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    return answer
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.once('close', () => resolve())
      this.child.stdin.end()
    })
  }

  private take(chunk: string): void {
    this.buffer += chunk
    let newline = this.buffer.indexOf('\n')
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline)
      this.buffer = this.buffer.slice(newline + 1)
      const waiter = this.waiters.shift()
      if (waiter) waiter(line)
      else this.lines.push(line)
      newline = this.buffer.indexOf('\n')
    }
  }
}
