import { createHash } from 'node:crypto'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

export interface McpSession {
  readonly transport: StreamableHTTPServerTransport
  readonly server: Server
  /** SHA-256 of the bearer token that opened the session; no other token may use it. */
  readonly tokenHash: string
  lastActive: number
  /** POSTs and DELETEs of this session still being answered (its standalone GET stream never counts). */
  inFlight: number
}

export type SessionLookup =
  | { readonly kind: 'found'; readonly session: McpSession }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'other-token' }

/**
 * The open MCP sessions of the HTTP host. Clients rarely say goodbye (the official SDK's
 * `close()` only drops its connection; it sends no DELETE), so a session that has been idle
 * for `idleMs` is closed, and when the table is full the session idle the longest makes room.
 */
export class McpSessionTable {
  private readonly sessions = new Map<string, McpSession>()

  constructor(
    private readonly max: number,
    private readonly idleMs: number,
    private readonly now: () => number = Date.now
  ) {}

  get size(): number {
    return this.sessions.size
  }

  add(id: string, session: McpSession): void {
    this.sessions.set(id, session)
  }

  delete(id: string): void {
    this.sessions.delete(id)
  }

  lookup(id: string, token: string): SessionLookup {
    const session = this.sessions.get(id)
    if (!session) return { kind: 'unknown' }
    return session.tokenHash === tokenHash(token) ? { kind: 'found', session } : { kind: 'other-token' }
  }

  /** Marks a request as running until `done` fires; the session is not idle meanwhile. */
  track(session: McpSession, done: (listener: () => void) => void): void {
    session.inFlight++
    session.lastActive = this.now()
    done(() => {
      session.inFlight--
      session.lastActive = this.now()
    })
  }

  /** Closes sessions idle longer than the idle timeout; returns how many. */
  expireIdle(): number {
    const cutoff = this.now() - this.idleMs
    const expired = [...this.sessions].filter(([, s]) => s.inFlight === 0 && s.lastActive <= cutoff)
    for (const [id, session] of expired) this.end(id, session)
    return expired.length
  }

  /** True when a new session fits, after closing the longest-idle one if the table was full. */
  makeRoom(): boolean {
    this.expireIdle()
    if (this.sessions.size < this.max) return true
    let oldest: [string, McpSession] | undefined
    for (const entry of this.sessions)
      if (entry[1].inFlight === 0 && (!oldest || entry[1].lastActive < oldest[1].lastActive)) oldest = entry
    if (!oldest) return false
    this.end(...oldest)
    return true
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()]
    this.sessions.clear()
    // Closing on the way out: a session whose client already vanished has nothing left to close.
    await Promise.all(all.map((session) => session.server.close().catch(() => undefined)))
  }

  private end(id: string, session: McpSession): void {
    this.sessions.delete(id)
    // The client is gone or idle; a failure to close its transport leaves nothing to clean up.
    void session.server.close().catch(() => undefined)
  }
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
