import { AgentId, KnowledgeKind } from '../../../shared/contract'
import { invalidInput } from '../../errors'
import type { McpToolSpec, NexusMcpContext } from './mcpToolSpec'

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 10_000 },
    kind: {
      type: 'array',
      items: { type: 'string', enum: [...KnowledgeKind.options] },
      description: 'Only these kinds (default: every kind this client may see)'
    },
    agent: {
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9._-]{0,63}$',
      description: 'The agent this client is bound to (a client searches as its agent only)'
    },
    limit: { type: 'integer', minimum: 1, maximum: 50, description: 'At most this many results (default 10)' }
  },
  required: ['query'],
  additionalProperties: false
} as const

/**
 * One search over everything the agents know, for runtimes outside Hearth. A client bound to an
 * agent (config.json `mcp.clients`) sees what that agent may see: its own facts, memory files
 * and chats, and everything shared; a client bound to none sees only what everyone may (the
 * Nexus, the project state, skills, USER.md).
 */
async function run(args: Readonly<Record<string, unknown>>, context: NexusMcpContext): Promise<unknown> {
  const identity = context.identity()
  const bound = identity.bound && identity.author !== null ? AgentId.safeParse(identity.author) : undefined
  const agentId = bound?.success ? bound.data : undefined
  const asked = args.agent as string | undefined
  if (asked !== undefined && asked !== agentId)
    throw invalidInput(
      agentId
        ? `This client is bound to ${agentId} and searches as that agent only.`
        : 'This client is bound to no agent, so it sees only what every agent may (the Nexus, the project state, skills, USER.md). Bind it with `hearth mcp bind` to search as an agent.'
    )
  const kinds = args.kind as KnowledgeKind[] | undefined
  const result = await context.knowledge.search({
    text: args.query as string,
    limit: (args.limit as number | undefined) ?? 10,
    ...(kinds && kinds.length > 0 ? { kinds } : {}),
    ...(agentId ? { agentId } : { publicOnly: true })
  })
  return {
    results: result.results.map(({ parts: _parts, ...hit }) => hit),
    notice: result.notice,
    search: result.embeddings.state === 'ok' ? 'words and meaning' : 'words only'
  }
}

const DESCRIPTION =
  'Search everything Hearth’s agents know — approved facts, memory files and MEMORY.md / USER.md entries, chat messages, Nexus entries (decisions with their rationale, handoffs, checkpoints), the project state and skills — by words and, when an embedding model is configured, by meaning. Each result carries its provenance (kind, id, agentId, sessionId, messageId, nexusId, seq, path, ts) and a snippet with the hit in [brackets]. Read-only.'

export const knowledgeSearchTool: McpToolSpec = {
  name: 'knowledge_search',
  description: DESCRIPTION,
  inputSchema: INPUT_SCHEMA,
  annotations: { readOnlyHint: true },
  run
}

/** The older name, kept for clients configured with it: the same search, the same results. */
export const memorySearchAlias: McpToolSpec = {
  ...knowledgeSearchTool,
  name: 'memory_search',
  description: `Alias of knowledge_search (the same search and results). ${DESCRIPTION}`
}
