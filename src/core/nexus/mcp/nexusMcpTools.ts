import { NEXUS_ENTRY_TYPES, NEXUS_SUMMARY_MAX } from '../../../shared/contract/nexus'
import { entryForModel } from '../nexusTools'
import { ToolRefusal, type McpToolSpec, type NexusMcpContext } from './mcpToolSpec'
import { projectStateTools } from './projectStateTools'
import { knowledgeSearchTool, memorySearchAlias } from './knowledgeMcpTools'
import { AUTHOR, ONE_LINE } from './argumentWords'

const TYPES = [...NEXUS_ENTRY_TYPES]
/** Entries awaiting an ack, and conflicts, listed per member in nexus_unread (the totals say how many in all). */
const TEAM_STATE_SHOWN = 20
/** Open conflicts listed by nexus_decisions, newest first. */
const CONFLICTS_SHOWN = 50

const integer = (description: string, minimum: number, maximum?: number): Record<string, unknown> => ({
  type: 'integer',
  minimum,
  ...(maximum ? { maximum } : {}),
  description
})

/** nexus_read: the log, filtered. */
const read: McpToolSpec = {
  name: 'nexus_read',
  description:
    'Read the Nexus, the append-only log shared by Hearth agents and other runtimes (oldest first). Filter by author, type, text or sequence number. To see only what is new for you, use nexus_unread.',
  inputSchema: {
    type: 'object',
    properties: {
      since: integer('Only entries after this sequence number', 0),
      limit: integer('Newest N matching entries (default 30)', 1, 200),
      agent: { type: 'string', pattern: AUTHOR, description: 'Only entries by this author' },
      type: { type: 'string', enum: TYPES },
      search: {
        type: 'string',
        maxLength: 200,
        description: 'Case-insensitive text in summary, body or rationale'
      }
    },
    additionalProperties: false
  },
  annotations: { readOnlyHint: true },
  run: (args, context) => {
    const result = context.nexus.list({ ...args, limit: (args.limit as number | undefined) ?? 30 })
    return { entries: result.entries.map(entryForModel), total: result.total }
  }
}

/** nexus_unread: entries by others since this client last asked; moves its cursor. */
const unread: McpToolSpec = {
  name: 'nexus_unread',
  description:
    'Entries other agents and runtimes appended since you last called this tool, oldest first, and marks them read for you. Call it before each reply. `remaining` says how many more wait; `awaitingAck` lists decisions and handoffs you have not acknowledged (ack them with nexus_post type ack, refs); `conflicts` lists your decisions that clash with others (settle with type resolution, refs both).',
  inputSchema: {
    type: 'object',
    properties: { limit: integer('At most this many entries (default 50)', 1, 200) },
    additionalProperties: false
  },
  run: (args, context) => {
    const identity = context.identity()
    const author = identity.author ?? identity.client
    const limit = (args.limit as number | undefined) ?? 50
    const { entries, remaining, from, to } = context.nexus.readUnread(identity.cursorKey, author, limit)
    // Only members owe acknowledgements; a guest gets the log without them.
    const member = identity.member !== null && identity.author !== null
    return {
      entries: entries.map(entryForModel),
      remaining,
      cursor: { from, to },
      ...(member ? owedBy(context, author) : {})
    }
  }
}

/** nexus_post: signed with the client's identity, never with a name it picks. */
const post: McpToolSpec = {
  name: 'nexus_post',
  description:
    'Append a signed entry to the Nexus. Post after meaningful work, record decisions with a rationale (required for type decision), acknowledge entries that affect you (type ack with refs), settle conflicting decisions (type resolution with both refs). Entries are permanent and signed with your client identity.',
  inputSchema: {
    type: 'object',
    properties: {
      type: {
        type: 'string',
        enum: TYPES,
        description:
          'turn: what you did; decision: a choice others must follow; handoff; state; checkpoint; ack; resolution'
      },
      summary: {
        type: 'string',
        minLength: 1,
        maxLength: NEXUS_SUMMARY_MAX,
        pattern: ONE_LINE,
        description: `One line, at most ${NEXUS_SUMMARY_MAX} characters`
      },
      body: { type: 'string', maxLength: 20_000 },
      refs: {
        type: 'array',
        items: integer('Sequence number of an earlier entry', 1),
        maxItems: 50,
        description: 'Earlier entries this one answers'
      },
      rationale: { type: 'string', maxLength: 4_000, description: 'Why (required for decisions)' }
    },
    required: ['type', 'summary'],
    additionalProperties: false
  },
  run: (args, context) => {
    const identity = context.identity()
    if (identity.author === null) return new ToolRefusal(identity.refusal ?? 'This client may not post.')
    const result = context.nexus.post({ ...args, agent: identity.author, channel: identity.channel })
    context.nexus.flushMirror()
    return {
      entry: entryForModel(result.entry),
      conflicts: result.conflicts.map((c) => ({ first: c.first.seq, second: c.second.seq, reason: c.reason }))
    }
  }
}

const decisions: McpToolSpec = {
  name: 'nexus_decisions',
  description:
    'The decision log: decisions with their rationale, newest last, and the unresolved conflicts between decisions (any authors), each with why it was flagged.',
  inputSchema: {
    type: 'object',
    properties: { limit: integer('Newest N decisions (default 50)', 1, 500) },
    additionalProperties: false
  },
  annotations: { readOnlyHint: true },
  run: (args, context) => ({
    decisions: context.nexus.decisions((args.limit as number | undefined) ?? 50).map(entryForModel),
    ...openConflicts(context)
  })
}

/**
 * A member's share of the team state, capped so a year of it stays readable: the oldest entries
 * it has not acknowledged and the newest open conflicts it is part of, each with how many in all.
 */
function owedBy(context: NexusMcpContext, author: string) {
  const awaiting = context.nexus.awaitingAckPage(author, TEAM_STATE_SHOWN)
  const conflicts = context.nexus.openConflictsInvolvingPage(author, TEAM_STATE_SHOWN)
  return {
    awaitingAck: awaiting.entries.map(entryForModel),
    awaitingAckTotal: awaiting.total,
    conflicts: conflicts.conflicts.map((c) => ({
      first: c.first.seq,
      second: c.second.seq,
      reason: c.reason
    })),
    conflictsTotal: conflicts.total
  }
}

/** The newest open conflicts between any authors, and how many there are. */
function openConflicts(context: NexusMcpContext) {
  const page = context.nexus.openConflictPage({ limit: CONFLICTS_SHOWN })
  return {
    conflicts: page.conflicts.map((c) => ({
      first: c.first.seq,
      second: c.second.seq,
      agents: [c.first.agent, c.second.agent],
      reason: c.reason
    })),
    conflictsTotal: page.total
  }
}

/** Every tool Hearth serves over MCP, in the order they are listed. */
export function nexusMcpTools(): readonly McpToolSpec[] {
  return [read, unread, post, decisions, ...projectStateTools(), knowledgeSearchTool, memorySearchAlias]
}
