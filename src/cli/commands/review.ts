import type { Fact } from '../../shared/contract/review'
import { UsageError, type CliCommand, type CommandContext } from '../command'

/** The CLI.md fields first, then the rest of the fact for scripts that want more. */
function candidateView(fact: Fact): Record<string, unknown> {
  const { id, text, type, status, sessionId, messageId, ...rest } = fact
  return { id, text, type, status, sessionId, messageId, ...rest }
}

function factId(ctx: CommandContext): number {
  const raw = ctx.positionals[0] as string
  const id = Number(raw)
  if (!Number.isInteger(id) || id <= 0) throw new UsageError(`"${raw}" is not a fact id; ids are the numbers \`hearth review list\` shows`)
  return id
}

function line(fact: Fact): string {
  const flags = [fact.scanFailed ? `SCAN-FAILED(${fact.scanFindings.join(',')})` : '', fact.mergeTargetId ? `${fact.mergeKind}-of #${fact.mergeTargetId}` : '']
  return `#${fact.id}\t${fact.status}\t${fact.type}\t${fact.text}${flags.filter(Boolean).map((f) => `  [${f}]`).join('')}`
}

const list: CliCommand = {
  words: ['review', 'list'],
  summary: 'list the pending memory candidates (the review inbox)',
  usage: 'hearth review list [--agent ID] [--status pending|approved|rejected|superseded]',
  options: { agent: 'string', status: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const agentId = typeof ctx.options.agent === 'string' ? ctx.options.agent : undefined
    const status = typeof ctx.options.status === 'string' ? ctx.options.status : 'pending'
    if (!['pending', 'approved', 'rejected', 'superseded'].includes(status)) throw new UsageError('--status must be pending, approved, rejected or superseded')
    const facts = ctx.core().services.memory.review.list({ ...(agentId ? { agentId } : {}), status: status as Fact['status'] })
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
    const text = typeof ctx.options.text === 'string' ? ctx.options.text : undefined
    const fact = ctx.core().services.memory.review.approve(factId(ctx), text)
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
    const fact = ctx.core().services.memory.review.reject(factId(ctx))
    return { data: { candidate: candidateView(fact) }, text: `Rejected ${line(fact)}` }
  }
}

const restore: CliCommand = {
  words: ['review', 'restore'],
  summary: 'bring a rejected or superseded fact back to the inbox',
  usage: 'hearth review restore ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const fact = ctx.core().services.memory.review.restore(factId(ctx))
    return { data: { candidate: candidateView(fact) }, text: `Restored ${line(fact)}` }
  }
}

export const reviewCommands: readonly CliCommand[] = [list, approve, reject, restore]
