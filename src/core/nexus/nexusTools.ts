import {
  NEXUS_ENTRY_TYPES,
  NEXUS_SUMMARY_MAX,
  NexusListFilter,
  type NexusEntry
} from '../../shared/contract/nexus'
import { describeZodError } from '../rpc/dispatch'
import { ToolError } from '../tools/runTool'
import type { ToolContext, ToolDefinition } from '../tools/toolTypes'
import type { NexusCheckpoints } from './nexusCheckpoints'
import type { NexusLog } from './nexusLog'
import { createTeamTools } from './nexusTeamTools'
import { asToolError } from './toolRefusal'
import type { ProjectStateLog } from './projectState'

/**
 * An entry as a tool result: no hashes, ids or device names, which models have no use for (they
 * refer to entries by seq) and which would cost tokens on every read; the original time only
 * when the entry was imported.
 */
export function entryForModel(entry: NexusEntry): Record<string, unknown> {
  const {
    prevHash: _prevHash,
    hash: _hash,
    id: _id,
    origin: _origin,
    originSeq: _originSeq,
    refIds: _refIds,
    originalTs,
    ...rest
  } = entry
  return {
    ...rest,
    ts: new Date(entry.ts).toISOString(),
    ...(originalTs === null ? {} : { originalTs: new Date(originalTs).toISOString() })
  }
}

const POST_SCHEMA = {
  type: 'object',
  properties: {
    type: {
      type: 'string',
      enum: [...NEXUS_ENTRY_TYPES],
      description:
        'turn: what you did; decision: a choice others must follow (needs rationale); handoff: work passed on; resolution: settles conflicting decisions (refs both)'
    },
    summary: {
      type: 'string',
      maxLength: NEXUS_SUMMARY_MAX,
      description: 'One line, at most 200 characters'
    },
    body: { type: 'string', description: 'Optional detail' },
    refs: {
      type: 'array',
      items: { type: 'integer' },
      description: 'Sequence numbers of entries this one answers'
    },
    rationale: { type: 'string', description: 'Why (required for decisions)' }
  },
  required: ['type', 'summary'],
  additionalProperties: false
} as const

const READ_SCHEMA = {
  type: 'object',
  properties: {
    since: { type: 'integer', minimum: 0, description: 'Only entries after this sequence number' },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: 100,
      description: 'Newest N matching entries (default 20)'
    },
    agent: { type: 'string', description: 'Only entries by this author' },
    type: { type: 'string', enum: [...NEXUS_ENTRY_TYPES] },
    search: { type: 'string', description: 'Case-insensitive text to find in summary, body or rationale' }
  },
  additionalProperties: false
} as const

function postTool(nexus: NexusLog): ToolDefinition {
  return {
    name: 'nexus_post',
    toolset: 'nexus',
    description:
      'Append a signed entry to the Nexus, the append-only log shared with the other agents. Close each turn that changed something with a one-line turn entry; record decisions with their rationale. Entries can never be edited.',
    inputSchema: POST_SCHEMA,
    handler: async (input, context: ToolContext) => {
      const result = asToolError(() => nexus.post({ ...input, agent: context.agentId }))
      return {
        seq: result.entry.seq,
        conflicts: result.conflicts.map((conflict) => {
          const other = conflict.first.seq === result.entry.seq ? conflict.second : conflict.first
          return { seq: other.seq, agent: other.agent, summary: other.summary, reason: conflict.reason }
        })
      }
    }
  }
}

function readTool(nexus: NexusLog): ToolDefinition {
  return {
    name: 'nexus_read',
    toolset: 'nexus',
    description:
      'Read the shared Nexus log (oldest first): filter by author, type, text or sequence number. Use it to see entries not shown in your context or to look up earlier decisions.',
    inputSchema: READ_SCHEMA,
    handler: async (input) => {
      const filter = NexusListFilter.safeParse({ limit: 20, ...input })
      if (!filter.success) throw new ToolError(describeZodError(filter.error))
      const result = nexus.list(filter.data)
      return { entries: result.entries.map(entryForModel), total: result.total }
    }
  }
}

/**
 * The Nexus tools an agent gets (toolset 'nexus'): post and read, checkpoint, ack, and the
 * project state. Entries are signed with the calling agent's id and this process's channel: an
 * agent cannot post as another one.
 */
export function createNexusTools(
  nexus: NexusLog,
  parts: { readonly checkpoints: NexusCheckpoints; readonly projectState: ProjectStateLog }
): ToolDefinition[] {
  return [postTool(nexus), readTool(nexus), ...createTeamTools(nexus, parts)]
}
