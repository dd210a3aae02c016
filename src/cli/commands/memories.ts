import type { MemoriesView } from '../../shared/contract/memories'
import type { MemoryReceipt } from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import { UsageError, type CliCommand, type CommandContext } from '../command'
import { chooseAgent } from './memory'

function numericId(ctx: CommandContext, what: string): number {
  const raw = ctx.positionals[0]
  const id = Number(raw)
  if (raw === undefined || !Number.isInteger(id) || id <= 0) throw new UsageError(`"${raw ?? ''}" is not a ${what} id; ids are the numbers \`hearth memory list\` shows`)
  return id
}

/** FACT_ID, or --file SLUG (a memory file of --agent): exactly one of them. */
function factOrFile(ctx: CommandContext): { kind: 'fact'; id: number } | { kind: 'file'; slug: string } {
  const slug = ctx.options.file
  if (typeof slug === 'string') {
    if (ctx.positionals.length > 0) throw new UsageError('give either a fact id or --file SLUG, not both')
    return { kind: 'file', slug }
  }
  return { kind: 'fact', id: numericId(ctx, 'fact') }
}

function viewText(view: MemoriesView): string {
  const lines = [`Memories of ${view.agentId}${view.query ? ` matching "${view.query}"` : ''}`, '', `Facts (${view.facts.length}):`]
  lines.push(...view.facts.map((fact) => `  #${fact.id}\t${fact.type}\t${fact.text}`))
  lines.push(`Memory files (${view.files.length}):`, ...view.files.map((file) => `  ${file.slug}.md\t${file.description || file.excerpt.split('\n')[0]}`))
  lines.push(`MEMORY.md (${view.memory.usage.text}):`, ...view.memory.entries.map((entry) => `  - ${entry}`))
  lines.push(`USER.md (${view.user.usage.text}):`, ...view.user.entries.map((entry) => `  - ${entry}`))
  const { facts, files, entries } = view.forgotten
  if (facts.length + files.length + entries.length > 0) {
    lines.push('Forgotten (restorable):', ...facts.map((fact) => `  #${fact.id}\t${fact.text}`), ...files.map((file) => `  ${file.slug}.md`), ...entries.map((entry) => `  ${entry.target === 'user' ? 'USER.md' : 'MEMORY.md'}: ${entry.text}`))
  }
  return lines.join('\n')
}

const list: CliCommand = {
  words: ['memory', 'list'],
  summary: 'everything an agent remembers: approved facts, memory files, MEMORY.md/USER.md entries, and what was forgotten',
  usage: 'hearth memory list [--agent ID] [--query Q]',
  options: { agent: 'string', query: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const query = typeof ctx.options.query === 'string' ? ctx.options.query : ''
    const view = ctx.core().services.memory.memories.list(ctx.core().services.agents.get(chooseAgent(ctx)).id, query)
    return { data: view, text: viewText(view) }
  }
}

const edit: CliCommand = {
  words: ['memory', 'edit'],
  summary: 'change the text of an approved fact (recall uses the new text)',
  usage: 'hearth memory edit FACT_ID --text T',
  options: { text: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    if (typeof ctx.options.text !== 'string') throw new UsageError('--text is required: the new text of the fact')
    const fact = ctx.core().services.memory.review.edit(numericId(ctx, 'fact'), ctx.options.text)
    return { data: { fact }, text: `Fact #${fact.id} now reads: ${fact.text}` }
  }
}

function forgetOrRestore(verb: 'forget' | 'restore'): CliCommand {
  return {
    words: ['memory', verb],
    summary: verb === 'forget' ? 'forget an approved fact or a memory file (kept, restorable, never recalled)' : 'bring a forgotten fact or memory file back',
    usage: `hearth memory ${verb} FACT_ID | hearth memory ${verb} --file SLUG [--agent ID]`,
    options: { agent: 'string', file: 'string' },
    positionals: [0, 1],
    async run(ctx) {
      const { memory } = ctx.core().services
      const which = factOrFile(ctx)
      if (which.kind === 'fact') {
        const fact: Fact = verb === 'forget' ? memory.review.forget(which.id) : memory.restoreFact(which.id)
        return { data: { fact }, text: `${verb === 'forget' ? 'Forgot' : 'Restored'} fact #${fact.id}: ${fact.text}` }
      }
      const agentId = ctx.core().services.agents.get(chooseAgent(ctx)).id
      const file = verb === 'forget' ? memory.memoryFiles.forget(agentId, which.slug) : memory.memoryFiles.restore(agentId, which.slug)
      return { data: { file }, text: `${verb === 'forget' ? 'Forgot' : 'Restored'} ${file.path}` }
    }
  }
}

function receiptLine(receipt: MemoryReceipt): string {
  const state = receipt.undoneAtMs !== null ? 'undone' : receipt.undoable ? 'undoable' : 'kept'
  const changes = receipt.changes.map((change) => `${change.action} ${JSON.stringify(change.after ?? change.before ?? '')}`).join('; ')
  return `#${receipt.id}\t${new Date(receipt.atMs).toISOString()}\t${receipt.origin}\t${receipt.target === 'user' ? 'USER.md' : 'MEMORY.md'}\t${state}\t${changes}`
}

const receipts: CliCommand = {
  words: ['memory', 'receipts'],
  summary: "the newest memory writes of an agent, with their receipt ids (for `memory undo`)",
  usage: 'hearth memory receipts [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const limit = typeof ctx.options.limit === 'string' ? Number(ctx.options.limit) : 20
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be a whole number from 1 to 1000')
    const agentId = ctx.core().services.agents.get(chooseAgent(ctx)).id
    const found = ctx.core().services.memory.receipts.listByAgent(agentId, limit)
    return { data: { receipts: found }, text: found.length === 0 ? 'No memory writes yet.' : found.map(receiptLine).join('\n') }
  }
}

const undo: CliCommand = {
  words: ['memory', 'undo'],
  summary: 'put MEMORY.md / USER.md back exactly as it was before one write (refused if the file changed since)',
  usage: 'hearth memory undo RECEIPT_ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const undone = ctx.core().services.memory.undo.undo(numericId(ctx, 'receipt'))
    return { data: undone, text: `${undone.message} Usage now: ${undone.usage.text}` }
  }
}

export const memoriesCommands: readonly CliCommand[] = [list, edit, forgetOrRestore('forget'), forgetOrRestore('restore'), receipts, undo]
