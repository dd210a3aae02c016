import {
  KnowledgeKind,
  type KnowledgeHit,
  type KnowledgeSearchResult,
  type KnowledgeStatus
} from '../../shared/contract'
import { UsageError, type CliCommand, type CommandContext } from '../command'
import { integerOption, stringOption } from '../options'

/** Progress of indexing on stderr, one line rewritten in place (stdout keeps the results alone). */
function progressOnStderr(ctx: CommandContext): () => void {
  let shown = false
  const unsubscribe = ctx.subscribe((event, payload) => {
    if (event !== 'knowledge.progress') return
    const { phase, done, total } = payload
    if (phase === 'idle') return
    const what = phase === 'words' ? 'indexing' : phase === 'loading' ? 'reading vectors' : 'embedding'
    process.stderr.write(`\r${what}: ${done}${total > 0 ? ` of ${total}` : ''}   `)
    shown = true
  })
  return () => {
    unsubscribe()
    if (shown) process.stderr.write('\n')
  }
}

function hitLine(hit: KnowledgeHit): string {
  const where =
    hit.kind === 'message'
      ? `chat ${hit.sessionId} #${hit.messageId}`
      : hit.kind === 'nexus'
        ? `nexus #${hit.seq}`
        : hit.kind === 'fact'
          ? `fact ${hit.id}`
          : (hit.path ?? hit.id)
  const owner = hit.agentId ? ` (${hit.agentId})` : ''
  return `${hit.kind}\t${where}${owner}\t${hit.method} ${hit.score}\n  ${hit.title}\n  ${hit.snippet}`
}

function statusLine(status: KnowledgeStatus | KnowledgeSearchResult['embeddings']): string {
  if ('summary' in status) return status.summary
  return status.state === 'off'
    ? 'Words only: no embedding model is set (Settings → Knowledge).'
    : status.state === 'failing'
      ? `Words only for now: ${status.error ?? 'the embedding endpoint failed'}`
      : `Words and meaning (${status.model ?? 'model'}).`
}

function kindsOption(ctx: CommandContext): KnowledgeKind[] | undefined {
  const raw = stringOption(ctx, 'kind')
  if (raw === undefined) return undefined
  const parsed = KnowledgeKind.array().safeParse(raw.split(',').map((kind) => kind.trim()))
  if (!parsed.success)
    throw new UsageError(`--kind takes ${KnowledgeKind.options.join(', ')} (comma-separated), not "${raw}"`)
  return parsed.data
}

const search: CliCommand = {
  words: ['search'],
  summary:
    'search everything the agents know (facts, memory files, chats, the Nexus, project state, skills, wiki)',
  usage: 'hearth search QUERY [--kind K[,K…]] [--agent ID] [--limit N] [--reindex]',
  options: { kind: 'string', agent: 'string', limit: 'string', reindex: 'boolean' },
  positionals: [0, 1],
  async run(ctx) {
    const done = progressOnStderr(ctx)
    let status: KnowledgeStatus
    try {
      status =
        ctx.options.reindex === true
          ? await ctx.call('knowledge.reindex', {})
          : await ctx.call('knowledge.indexPending', {})
      if (ctx.options.reindex === true) status = await ctx.call('knowledge.indexPending', {})
    } finally {
      done()
    }
    const query = ctx.positionals[0]
    if (query === undefined) return { data: { status }, text: statusLine(status) }
    const kind = kindsOption(ctx)
    const agentId = stringOption(ctx, 'agent')
    const limit = integerOption(ctx, 'limit')
    const result = await ctx.call('knowledge.search', {
      query,
      ...(kind ? { kind } : {}),
      ...(agentId ? { agentId } : {}),
      ...(limit !== undefined ? { limit } : {})
    })
    const lines = [
      statusLine(result.embeddings),
      ...(result.notice ? [result.notice] : []),
      ...(result.results.length === 0 ? ['Nothing found.'] : result.results.map(hitLine))
    ]
    return { data: result, text: lines.join('\n') }
  }
}

export const searchCommands: readonly CliCommand[] = [search]
