import { FactStatus, type Fact } from '../../shared/contract/review'
import type { ReviewCursor } from '../../shared/contract/factPages'
import type { CliCommand, CommandContext } from '../command'
import { choiceOption, integerArgument, integerOption, requiredOption, stringOption } from '../options'

/** The fields docs/cli.md promises first, then the rest of the fact for scripts that want more. */
function candidateView(fact: Fact): Record<string, unknown> {
  const { id, text, type, status, sessionId, messageId, ...rest } = fact
  return { id, text, type, status, sessionId, messageId, ...rest }
}

function factId(ctx: CommandContext): number {
  return integerArgument(
    ctx.positionals[0] as string,
    'a fact id; ids are the numbers `hearth review list` shows'
  )
}

function line(fact: Fact): string {
  const flags = [
    fact.scanFailed ? `SCAN-FAILED(${fact.scanFindings.join(',')})` : '',
    fact.mergeTargetId ? `${fact.mergeKind}-of #${fact.mergeTargetId}` : ''
  ]
  return `#${fact.id}\t${fact.status}\t${fact.type}\t${fact.text}${flags
    .filter(Boolean)
    .map((f) => `  [${f}]`)
    .join('')}`
}

const list: CliCommand = {
  words: ['review', 'list'],
  summary: 'list the pending memory candidates (the review inbox)',
  usage: 'hearth review list [--agent ID] [--status pending|approved|rejected|superseded|forgotten]',
  options: { agent: 'string', status: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const agentId = stringOption(ctx, 'agent')
    const status = choiceOption(ctx, 'status', FactStatus.options, FactStatus.options.join(', ')) ?? 'pending'
    const facts: Fact[] = []
    // Page by page (the list comes at most 500 at a time), to the end.
    for (let after: ReviewCursor | undefined, more = true; more;) {
      const page = await ctx.call('review.list', {
        ...(agentId ? { agentId } : {}),
        status,
        ...(after ? { after } : {})
      })
      facts.push(...page.candidates)
      after = page.next ?? undefined
      more = page.next !== null
    }
    const text = facts.length === 0 ? `No ${status} candidates.` : facts.map(line).join('\n')
    return { data: { candidates: facts.map(candidateView) }, text }
  }
}

const approve: CliCommand = {
  words: ['review', 'approve'],
  summary: 'approve a candidate (optionally with edited text); it becomes recallable',
  usage: 'hearth review approve ID [--text T]',
  options: { text: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const text = stringOption(ctx, 'text')
    const { candidate: fact } = await ctx.call('review.approve', {
      id: factId(ctx),
      ...(text !== undefined ? { text } : {})
    })
    return { data: { candidate: candidateView(fact) }, text: `Approved ${line(fact)}` }
  }
}

const reject: CliCommand = {
  words: ['review', 'reject'],
  summary: 'reject a candidate (kept in history; `review restore` brings it back)',
  usage: 'hearth review reject ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const { candidate: fact } = await ctx.call('review.reject', { id: factId(ctx) })
    return { data: { candidate: candidateView(fact) }, text: `Rejected ${line(fact)}` }
  }
}

const restore: CliCommand = {
  words: ['review', 'restore'],
  summary:
    'undo a decision: a rejected or superseded fact goes back to the inbox, a forgotten one back to approved',
  usage: 'hearth review restore ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const { candidate: fact } = await ctx.call('review.restore', { id: factId(ctx) })
    return { data: { candidate: candidateView(fact) }, text: `Restored ${line(fact)}` }
  }
}

const merge: CliCommand = {
  words: ['review', 'merge'],
  summary:
    'fold several pending candidates into the first, which takes --text and stays pending; the others are superseded',
  usage: 'hearth review merge ID ID [ID…] --text T',
  options: { text: 'string' },
  positionals: [2, 100],
  async run(ctx) {
    const text = requiredOption(ctx, 'text', this.usage)
    const ids = ctx.positionals.map((raw) =>
      integerArgument(raw, 'a fact id; ids are the numbers `hearth review list` shows')
    )
    const { candidate, superseded } = await ctx.call('review.mergeCandidates', { ids, text })
    return {
      data: { candidate: candidateView(candidate), superseded: superseded.map(candidateView) },
      text: `Merged ${superseded.map((f) => `#${f.id}`).join(', ')} into ${line(candidate)}`
    }
  }
}

const history: CliCommand = {
  words: ['review', 'history'],
  summary:
    'the decided candidates (approved, rejected, merged), newest first, with the event id `review undo` takes',
  usage: 'hearth review history [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const agentId = stringOption(ctx, 'agent')
    const limit = integerOption(ctx, 'limit')
    const { decisions } = await ctx.call('review.decided', {
      ...(agentId ? { agentId } : {}),
      ...(limit !== undefined ? { limit } : {})
    })
    const text =
      decisions.length === 0
        ? 'No decisions yet.'
        : decisions
            .map((d) => {
              const state = d.undoneAtMs !== null ? 'undone' : (d.undoBlocked ?? 'undoable')
              const into = d.merge ? ` into #${d.merge.intoId}` : ''
              return `event ${d.eventId}\t${new Date(d.atMs).toISOString()}\t${d.decision}${into}\t#${d.candidate.id} ${d.text}\t(${state})`
            })
            .join('\n')
    return { data: { decisions }, text }
  }
}

const undo: CliCommand = {
  words: ['review', 'undo'],
  summary:
    'take back one decision by its event id (`review history`): the candidate returns to the inbox; a merge also restores the fact it went into',
  usage: 'hearth review undo EVENT_ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const eventId = integerArgument(
      ctx.positionals[0] as string,
      'an event id; ids are the numbers `hearth review history` shows'
    )
    const { candidate, changed } = await ctx.call('review.undo', { eventId })
    return {
      data: { candidate: candidateView(candidate), changed: changed.map(candidateView) },
      text: changed.map((fact) => `Undone: ${line(fact)}`).join('\n')
    }
  }
}

export const reviewCommands: readonly CliCommand[] = [list, approve, reject, restore, merge, history, undo]
