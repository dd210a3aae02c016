import { randomBytes } from 'node:crypto'
import type Database from 'better-sqlite3'
import type { AgentId } from '../../shared/contract'
import type { NexusBindInput, NexusMember } from '../../shared/contract/nexusTeam'
import { lookalikeOf } from '../domain/nexus/lookalikeNames'
import { invalidInput, notFound } from '../errors'
import type { ConfigStore } from '../home/configStore'
import { readOptionalRow, readRow } from '../node/db/rowReader'
import type { Clock } from '../ports/clock'
import { sha256Hex, type McpClientBinding } from './mcp/mcpClientIdentity'
import type { AckMember } from './nexusAcks'

export const MEMBER_TRANSPORTS = ['stdio', 'http'] as const

/** What a member's last tool call says about it. */
export interface MemberSighting {
  readonly clientName: string
  readonly transport: (typeof MEMBER_TRANSPORTS)[number]
}

/** The unread cursor of a bound member: its own, whatever name its client reports. */
export function memberCursorKey(name: string): string {
  return `mcp:${name}`
}

/**
 * The runtimes bound to the Nexus over MCP (config.json's `mcp.clients`, written only here and
 * through ConfigStore): who each signs as, whether it must present a token, and when it was last
 * seen. The app's Settings and `hearth mcp bind` both go through this.
 */
export class NexusMembers {
  private readonly seenStatement: Database.Statement

  constructor(
    private readonly db: Database.Database,
    private readonly config: Pick<ConfigStore, 'read' | 'patch'>,
    private readonly clock: Clock,
    private readonly agentIds: () => readonly AgentId[]
  ) {
    this.seenStatement = db.prepare(
      `INSERT INTO nexus_members_seen (member, last_seen_at, client_name, transport) VALUES (?, ?, ?, ?)
       ON CONFLICT (member) DO UPDATE SET last_seen_at = excluded.last_seen_at,
         client_name = excluded.client_name, transport = excluded.transport`
    )
  }

  bindings(): Readonly<Record<string, McpClientBinding>> {
    return this.config.read().config.mcp.clients
  }

  list(): NexusMember[] {
    const agents = new Set<string>(this.agentIds())
    return Object.entries(this.bindings())
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, binding]) => this.describe(name, binding, agents))
  }

  /** Bound members as owers of acknowledgements, from when they were bound. */
  ackMembers(): AckMember[] {
    return Object.values(this.bindings()).map((binding) => ({
      author: binding.agent,
      since: binding.boundAt ?? 0
    }))
  }

  async bind(input: NexusBindInput): Promise<{ member: NexusMember; token: string | null }> {
    const agents = new Set<string>(this.agentIds())
    refuseBinding(input, agents)
    const token = input.token ? randomBytes(24).toString('hex') : null
    const binding = {
      agent: input.author,
      ...(token ? { tokenSha256: sha256Hex(token) } : {}),
      ...(input.kind === 'external' ? { external: true } : {}),
      boundAt: this.clock.now()
    }
    // Replaces the whole binding, so binding again without a token drops an old token.
    await this.config.patch((raw) => {
      const mcp = objectOrEmpty(raw.mcp)
      return { ...raw, mcp: { ...mcp, clients: { ...objectOrEmpty(mcp.clients), [input.name]: binding } } }
    })
    return { member: this.describe(input.name, binding, agents), token }
  }

  async revoke(name: string): Promise<{ revoked: boolean }> {
    if (!Object.hasOwn(this.bindings(), name)) throw notFound(`No member is bound as "${name}"`)
    await this.config.patch((raw) => {
      const mcp = objectOrEmpty(raw.mcp)
      const { [name]: _gone, ...clients } = objectOrEmpty(mcp.clients)
      return { ...raw, mcp: { ...mcp, clients } }
    })
    return { revoked: true }
  }

  /** Records a bound member's tool call (never fails the call it came with). */
  seen(name: string, sighting: MemberSighting): void {
    this.seenStatement.run(name, this.clock.now(), sighting.clientName.slice(0, 200), sighting.transport)
  }

  private describe(name: string, binding: McpClientBinding, agents: ReadonlySet<string>): NexusMember {
    const seen = readOptionalRow(
      this.db
        .prepare('SELECT last_seen_at, client_name, transport FROM nexus_members_seen WHERE member = ?')
        .get(name),
      'nexus_members_seen',
      (row) => ({
        at: row.int('last_seen_at'),
        client: row.text('client_name'),
        transport: row.oneOf('transport', MEMBER_TRANSPORTS)
      })
    )
    return {
      name,
      author: binding.agent,
      kind: binding.external === true || !agents.has(binding.agent) ? 'external' : 'agent',
      token: binding.tokenSha256 !== undefined,
      boundAt: binding.boundAt ?? null,
      lastSeenAt: seen?.at ?? null,
      lastClient: seen?.client ?? null,
      lastTransport: seen?.transport ?? null,
      unread: this.unread(name, binding.agent)
    }
  }

  private unread(name: string, author: string): number {
    const cursor =
      readOptionalRow(
        this.db.prepare('SELECT seq FROM nexus_cursors WHERE agent = ?').get(memberCursorKey(name)),
        'nexus_cursors',
        (row) => row.int('seq')
      ) ?? 0
    return readRow(
      this.db
        .prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?')
        .get(cursor, author),
      'nexus_entries'
    ).int('n')
  }
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

/** Throws, saying what to do instead, when a binding would let a member pass for someone else. */
function refuseBinding(input: NexusBindInput, agents: ReadonlySet<string>): void {
  if (input.name === 'user') throw invalidInput('"user" is you: pick another name for the member')
  if (input.kind === 'agent' && !agents.has(input.author))
    throw invalidInput(
      `There is no Hearth agent "${input.author}". Pick one of ${[...agents].join(', ') || '(none yet)'}, or bind it as an external member with its own name.`
    )
  if (input.kind === 'external' && (agents.has(input.author) || input.author === 'user'))
    throw invalidInput(
      `"${input.author}" is ${input.author === 'user' ? 'you' : 'one of your Hearth agents'}: bind it as that agent, or give the external member a name of its own.`
    )
  const lookalike =
    input.kind === 'external'
      ? lookalikeOf(
          [input.author],
          [
            { name: 'user', what: 'you' },
            ...[...agents].map((id) => ({ name: id, what: 'one of your Hearth agents' }))
          ]
        )
      : undefined
  if (lookalike)
    throw invalidInput(
      `"${input.author}" looks like "${lookalike.name}" (${lookalike.what}): its posts could pass for ${lookalike.name}'s in the Nexus. Give the external member a name that does not look like an existing one.`
    )
}
