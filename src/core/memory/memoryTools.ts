import type { AgentId, MessageId, SessionId } from '../../shared/contract'
import type { ToolDefinition } from '../tools/toolTypes'
import { screenText } from './memoryFence'
import type { Provenance } from '../ports/retriever'
import type { MemoryService } from './memoryService'

/** One hit of the session transcript search (the chat feature's FTS tables). */
export interface TranscriptHit {
  readonly sessionId: SessionId
  readonly messageId: MessageId
  readonly role: string
  readonly snippet: string
  readonly createdAtMs: number
}

export type TranscriptSearch = (
  query: string,
  options: { agentId?: AgentId; limit: number }
) => readonly TranscriptHit[]

const MEMORY_DESCRIPTION = [
  'Save durable facts to your persistent memory: target "memory" is your own notes (MEMORY.md), target "user" is the profile of the user',
  '(USER.md, shared by all agents). Changes are written to the files at once and apply to your next session; this session keeps its prompt.',
  'Use add with content; replace or remove with old_text, a short piece of text found in exactly one entry. When you have several changes,',
  'send them together in one call as operations (applied completely or not at all; the budget is checked on the end result).',
  "Worth saving, most important first: the user's preferences and corrections, facts about their environment and projects, lessons",
  'that will matter again. Do not save task progress, logs of finished work or temporary to-dos (session_search finds past sessions).',
  'Write declarative facts ("The user prefers short answers"), not orders to yourself ("Always answer briefly").',
  'When memory is full, fold overlapping entries together with replace or remove stale ones, in the same turn.'
].join(' ')

const MEMORY_SCHEMA = {
  type: 'object',
  properties: {
    action: {
      type: 'string',
      enum: ['add', 'replace', 'remove'],
      description: 'What to do (ignored when operations is given).'
    },
    target: {
      type: 'string',
      enum: ['memory', 'user'],
      description: 'memory = your notes (MEMORY.md); user = the user profile (USER.md).'
    },
    content: { type: 'string', description: 'The entry text for add, or the new text for replace.' },
    old_text: {
      type: 'string',
      description: 'For replace/remove: a short piece of text that appears in exactly one entry.'
    },
    operations: {
      type: 'array',
      description: 'Several changes in one call, applied in order, all or nothing.',
      items: {
        type: 'object',
        properties: {
          action: { type: 'string', enum: ['add', 'replace', 'remove'] },
          content: { type: 'string' },
          old_text: { type: 'string' }
        },
        required: ['action']
      }
    }
  },
  required: ['target']
} as const

/** The input schema shared by the two search tools: a required query and an optional 1–20 limit. */
function searchSchema(queryDescription: string, limitDescription: string): Readonly<Record<string, unknown>> {
  return {
    type: 'object',
    properties: {
      query: { type: 'string', description: queryDescription },
      limit: { type: 'integer', minimum: 1, maximum: 20, description: limitDescription }
    },
    required: ['query']
  }
}

/** Reads a search tool's input leniently: the model gets results, not an error, for a missing query or an odd limit. */
function searchInput(
  input: Readonly<Record<string, unknown>>,
  defaultLimit: number
): { query: string; limit: number } {
  const query = typeof input.query === 'string' ? input.query : ''
  const limit =
    typeof input.limit === 'number' ? Math.min(20, Math.max(1, Math.floor(input.limit))) : defaultLimit
  return { query, limit }
}

function sourceLabel(source: Provenance): string {
  if (source.kind === 'fact') return `fact ${source.factId}`
  return source.kind === 'file' ? `memories/${source.slug}.md` : source.label
}

/**
 * The memory feature's tools for the tool registry: `memory` (write MEMORY.md / USER.md),
 * `recall` (deliberate search of the memory bank and memory files) and `session_search` (past
 * conversations). Handlers never throw for a refusal: the model reads the result object.
 */
export function createMemoryTools(
  memory: MemoryService,
  searchTranscripts: TranscriptSearch
): ToolDefinition[] {
  const memoryTool: ToolDefinition = {
    name: 'memory',
    toolset: 'memory',
    description: MEMORY_DESCRIPTION,
    inputSchema: MEMORY_SCHEMA,
    handler: async (input, context) =>
      (
        await memory.tool.execute(input, {
          agentId: context.agentId,
          sessionId: context.sessionId,
          turnId: context.turnId ?? null,
          origin: 'tool'
        })
      ).result
  }
  const recall: ToolDefinition = {
    name: 'recall',
    toolset: 'recall',
    description:
      'Search everything you may know: facts the user approved, your memory files and MEMORY.md, your past chats, the Nexus (decisions with ' +
      'their rationale, handoffs, checkpoints), the project state and skills. Finds words and, when an embedding model is set, meaning. ' +
      'Relevant facts are already recalled at the start of each turn; use this to look for something specific. Each result names its source.',
    inputSchema: searchSchema('Keywords or a phrase to look for.', 'How many results (default 5).'),
    handler: async (input, context) => {
      const { query, limit } = searchInput(input, 5)
      const items = await memory.searchEverything(context.agentId, query, limit)
      return {
        results: items.map((item) => ({
          text: screenText(item.text, sourceLabel(item.source)).text,
          score: item.score,
          method: item.method,
          source: sourceLabel(item.source)
        }))
      }
    }
  }
  const sessionSearch: ToolDefinition = {
    name: 'session_search',
    toolset: 'session_search',
    description:
      'Full-text search over your past conversations with the user (all sessions, including parts summarised away). Use it to find what ' +
      'was said or decided before instead of keeping such details in memory.',
    inputSchema: searchSchema('Words, an identifier or a phrase to find.', 'How many messages (default 8).'),
    handler: async (input, context) => {
      const { query, limit } = searchInput(input, 8)
      const hits = searchTranscripts(query, { agentId: context.agentId, limit })
      return {
        hits: hits.map((hit) => ({
          session: hit.sessionId,
          message: hit.messageId,
          role: hit.role,
          date: new Date(hit.createdAtMs).toISOString().slice(0, 10),
          snippet: hit.snippet
        }))
      }
    }
  }
  return [memoryTool, recall, sessionSearch]
}
