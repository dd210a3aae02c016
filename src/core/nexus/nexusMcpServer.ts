import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type Database from 'better-sqlite3'
import { z } from 'zod'
import { NEXUS_ENTRY_TYPES, NEXUS_SUMMARY_MAX } from '../../shared/contract/nexus'
import type { HomePaths } from '../home/homePaths'
import { searchMemory } from './memorySearch'
import { entryForModel } from './nexusTools'
import type { NexusService } from './nexusService'

export interface NexusMcpDependencies {
  readonly nexus: NexusService
  readonly db: Database.Database
  readonly paths: HomePaths
  readonly version: string
}

/** The client's self-reported name as a channel/author slug, e.g. "Claude Code" → "claude-code". */
export function clientSlug(name: string | undefined): string {
  const slug = (name ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+|-+$/g, '')
    .slice(0, 64)
  return slug === '' ? 'unknown' : slug
}

function ok(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] }
}

/** Failures go back as tool errors the calling model can read, never as a crashed server. */
function guarded<A>(work: (args: A) => unknown): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    try {
      return ok(work(args))
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] }
    }
  }
}

const EntryType = z.enum(NEXUS_ENTRY_TYPES)

/**
 * Hearth as an MCP server: other runtimes (Claude Code, other agent hosts) read and append to
 * the same Nexus and search what Hearth's agents remember. Entries they post carry the channel
 * `mcp:<client name>` from the MCP handshake, so the log always shows where an entry came from.
 * Memory is read-only here: outside runtimes can look things up but not change what is kept.
 */
export function createNexusMcpServer(deps: NexusMcpDependencies): McpServer {
  const server = new McpServer({ name: 'hearth', version: deps.version })
  const client = (): string => clientSlug(server.server.getClientVersion()?.name)
  registerLogTools(server, deps, client)
  registerMemorySearch(server, deps)
  return server
}

/** nexus_read, nexus_post and nexus_decisions. */
function registerLogTools(server: McpServer, deps: NexusMcpDependencies, client: () => string): void {
  server.registerTool(
    'nexus_read',
    {
      description: 'Read the Nexus, the append-only log shared by Hearth agents and other runtimes (oldest first). Filter by author, type, text or sequence number.',
      inputSchema: {
        since: z.number().int().min(0).optional().describe('Only entries after this sequence number'),
        limit: z.number().int().min(1).max(200).optional().describe('Newest N matching entries (default 30)'),
        agent: z.string().optional().describe('Only entries by this author'),
        type: EntryType.optional(),
        search: z.string().max(200).optional().describe('Case-insensitive text in summary, body or rationale')
      },
      annotations: { readOnlyHint: true }
    },
    guarded((args) => {
      const result = deps.nexus.list({ ...args, limit: args.limit ?? 30 })
      return { entries: result.entries.map(entryForModel), total: result.total }
    })
  )
  server.registerTool(
    'nexus_post',
    {
      description:
        'Append a signed entry to the Nexus. Post after meaningful work, record decisions with a rationale, acknowledge entries that affect you (type ack, refs). Entries are permanent and cannot be edited.',
      inputSchema: {
        type: EntryType,
        summary: z.string().max(NEXUS_SUMMARY_MAX).describe('One line, at most 200 characters'),
        body: z.string().max(20_000).optional(),
        refs: z.array(z.number().int().positive()).max(50).optional().describe('Earlier entries this one answers'),
        rationale: z.string().max(4_000).optional().describe('Why (required for decisions)'),
        agent: z.string().optional().describe('Your agent name (default: the MCP client name)')
      }
    },
    guarded((args) => {
      const channel = `mcp:${client()}`
      const result = deps.nexus.post({ ...args, agent: args.agent ? clientSlug(args.agent) : client(), channel })
      deps.nexus.flushMirror()
      return { entry: entryForModel(result.entry), conflicts: result.conflicts.map((c) => ({ first: c.first.seq, second: c.second.seq, similarity: c.similarity })) }
    })
  )
  server.registerTool(
    'nexus_decisions',
    {
      description: 'The decision log: decisions with their rationale, newest last, and any unresolved conflicts between decisions of different agents.',
      inputSchema: { limit: z.number().int().min(1).max(500).optional().describe('Newest N decisions (default 50)') },
      annotations: { readOnlyHint: true }
    },
    guarded((args) => ({
      decisions: deps.nexus.decisions(args.limit ?? 50).map(entryForModel),
      conflicts: deps.nexus.conflicts().map((c) => ({ first: c.first.seq, second: c.second.seq, agents: [c.first.agent, c.second.agent], similarity: c.similarity }))
    }))
  )
}

/** memory_search: read-only. */
function registerMemorySearch(server: McpServer, deps: NexusMcpDependencies): void {
  server.registerTool(
    'memory_search',
    {
      description: "Search what Hearth's agents remember: approved memory facts and the MEMORY.md / USER.md entries. Read-only.",
      inputSchema: {
        query: z.string().min(1).max(500),
        agent: z.string().optional().describe('Only this agent (default: all agents)'),
        limit: z.number().int().min(1).max(50).optional()
      },
      annotations: { readOnlyHint: true }
    },
    guarded((args) => ({ hits: searchMemory(deps.db, deps.paths, args.query, { ...(args.agent ? { agent: args.agent } : {}), limit: args.limit ?? 10 }) }))
  )
}
