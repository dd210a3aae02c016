import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { CLI } from './cli'

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
  async request(
    id: number,
    method: string,
    params: Record<string, unknown> = {}
  ): Promise<Record<string, any>> {
    this.send({ jsonrpc: '2.0', id, method, params })
    return (await this.next()) as Record<string, any>
  }

  /** The MCP handshake with a chosen protocol version and client name. */
  async initialize(protocolVersion: string, name = 'raw-test'): Promise<Record<string, any>> {
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
