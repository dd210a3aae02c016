import type { MemoriesCursor } from '../../shared/contract/factPages'
import type { MemoriesView } from '../../shared/contract/memories'
import { PinDestination, type FactPin, type MemoryReceipt } from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import { UsageError, type CliCommand, type CommandContext } from '../command'
import {
  agentOrFirst,
  choiceOption,
  integerArgument,
  integerOption,
  requiredOption,
  stringOption
} from '../options'

function numericId(ctx: CommandContext, what: string): number {
  const listing = what === 'receipt' ? 'hearth memory receipts' : 'hearth memory list'
  return integerArgument(ctx.positionals[0] ?? '', `a ${what} id; ids are the numbers \`${listing}\` shows`)
}

/** FACT_ID, or --file SLUG (a memory file of --agent): exactly one of them. */
function factOrFile(ctx: CommandContext): { kind: 'fact'; id: number } | { kind: 'file'; slug: string } {
  const slug = stringOption(ctx, 'file')
  if (slug !== undefined) {
    if (ctx.positionals.length > 0) throw new UsageError('give either a fact id or --file SLUG, not both')
    return { kind: 'file', slug }
  }
  return { kind: 'fact', id: numericId(ctx, 'fact') }
}

function viewText(view: MemoriesView): string {
  const lines = [
    `Memories of ${view.agentId}${view.query ? ` matching "${view.query}"` : ''}`,
    '',
    `Facts (${view.facts.length}):`
  ]
  const pinnedIn = (id: number): string => {
    const places = view.pins.filter((pin) => pin.factId === id).map((pin) => pin.place)
    return places.length === 0 ? '' : `\t(pinned in ${places.join(', ')})`
  }
  lines.push(...view.facts.map((fact) => `  #${fact.id}\t${fact.type}\t${fact.text}${pinnedIn(fact.id)}`))
  lines.push(
    `Memory files (${view.files.length}):`,
    ...view.files.map((file) => `  ${file.slug}.md\t${file.description || file.excerpt.split('\n')[0]}`)
  )
  lines.push(`MEMORY.md (${view.memory.usage.text}):`, ...view.memory.entries.map((entry) => `  - ${entry}`))
  lines.push(`USER.md (${view.user.usage.text}):`, ...view.user.entries.map((entry) => `  - ${entry}`))
  const { facts, files, entries } = view.forgotten
  if (facts.length + files.length + entries.length > 0) {
    lines.push(
      'Forgotten (restorable):',
      ...facts.map((fact) => `  #${fact.id}\t${fact.text}`),
      ...files.map((file) => `  ${file.slug}.md`),
      ...entries.map((entry) => `  ${entry.target === 'user' ? 'USER.md' : 'MEMORY.md'}: ${entry.text}`)
    )
  }
  return lines.join('\n')
}

/** The view with every page of facts, approved and forgotten, followed to its end (`next` null). */
async function wholeView(ctx: CommandContext, agentId: string, query: string): Promise<MemoriesView> {
  const view = await ctx.call('memories.list', { agentId, query })
  const rest = async (status: 'approved' | 'forgotten', from: MemoriesCursor | null) => {
    const facts: Fact[] = []
    const pins: FactPin[] = []
    for (let after = from; after !== null;) {
      const page = await ctx.call('memories.facts', { agentId, status, query, after })
      facts.push(...page.items)
      pins.push(...page.pins)
      after = page.next
    }
    return { facts, pins }
  }
  const approved = await rest('approved', view.next)
  const forgotten = await rest('forgotten', view.forgotten.factsNext)
  return {
    ...view,
    facts: [...view.facts, ...approved.facts],
    next: null,
    pins: [...view.pins, ...approved.pins],
    forgotten: { ...view.forgotten, facts: [...view.forgotten.facts, ...forgotten.facts], factsNext: null }
  }
}

const list: CliCommand = {
  words: ['memory', 'list'],
  summary:
    'everything an agent remembers: approved facts, memory files, MEMORY.md/USER.md entries, and what was forgotten',
  usage: 'hearth memory list [--agent ID] [--query Q]',
  options: { agent: 'string', query: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const view = await wholeView(ctx, await agentOrFirst(ctx), stringOption(ctx, 'query') ?? '')
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
    const text = requiredOption(ctx, 'text', this.usage)
    const { fact } = await ctx.call('memories.editFact', { id: numericId(ctx, 'fact'), text })
    return { data: { fact }, text: `Fact #${fact.id} now reads: ${fact.text}` }
  }
}

function forgetOrRestore(verb: 'forget' | 'restore'): CliCommand {
  return {
    words: ['memory', verb],
    summary:
      verb === 'forget'
        ? 'forget an approved fact or a memory file (kept, restorable, never recalled)'
        : 'bring a forgotten fact or memory file back',
    usage: `hearth memory ${verb} FACT_ID | hearth memory ${verb} --file SLUG [--agent ID]`,
    options: { agent: 'string', file: 'string' },
    positionals: [0, 1],
    async run(ctx) {
      const which = factOrFile(ctx)
      if (which.kind === 'fact') {
        const { fact } = await ctx.call(verb === 'forget' ? 'memories.forgetFact' : 'memories.restoreFact', {
          id: which.id
        })
        return {
          data: { fact },
          text: `${verb === 'forget' ? 'Forgot' : 'Restored'} fact #${fact.id}: ${fact.text}`
        }
      }
      const ref = { agentId: await agentOrFirst(ctx), slug: which.slug }
      const { file } = await ctx.call(verb === 'forget' ? 'memories.forgetFile' : 'memories.restoreFile', ref)
      return { data: { file }, text: `${verb === 'forget' ? 'Forgot' : 'Restored'} ${file.path}` }
    }
  }
}

function receiptLine(receipt: MemoryReceipt): string {
  const state = receipt.undoneAtMs !== null ? 'undone' : receipt.undoable ? 'undoable' : 'kept'
  const changes = receipt.changes
    .map((change) => `${change.action} ${JSON.stringify(change.after ?? change.before ?? '')}`)
    .join('; ')
  return `#${receipt.id}\t${new Date(receipt.atMs).toISOString()}\t${receipt.origin}\t${receipt.target === 'user' ? 'USER.md' : 'MEMORY.md'}\t${state}\t${changes}`
}

const receipts: CliCommand = {
  words: ['memory', 'receipts'],
  summary: 'the newest memory writes of an agent, with their receipt ids (for `memory undo`)',
  usage: 'hearth memory receipts [--agent ID] [--limit N]',
  options: { agent: 'string', limit: 'string' },
  positionals: [0, 0],
  async run(ctx) {
    const limit = integerOption(ctx, 'limit')
    const { receipts: found } = await ctx.call('memory.agentReceipts', {
      agentId: await agentOrFirst(ctx),
      ...(limit !== undefined ? { limit } : {})
    })
    return {
      data: { receipts: found },
      text: found.length === 0 ? 'No memory writes yet.' : found.map(receiptLine).join('\n')
    }
  }
}

const undo: CliCommand = {
  words: ['memory', 'undo'],
  summary:
    'put MEMORY.md / USER.md back exactly as it was before one write (refused if the file changed since)',
  usage: 'hearth memory undo RECEIPT_ID',
  options: {},
  positionals: [1, 1],
  async run(ctx) {
    const undone = await ctx.call('memory.undo', { receiptId: numericId(ctx, 'receipt') })
    return { data: undone, text: `${undone.message} Usage now: ${undone.usage.text}` }
  }
}

const PLACE_HINT = '"memory" (MEMORY.md), "user" (USER.md) or "file" (a memory file of its own)'

function place(ctx: CommandContext, name: 'to' | 'from', usage: string): PinDestination {
  const value = choiceOption(ctx, name, PinDestination.options, PLACE_HINT)
  if (value === undefined) throw new UsageError(`--${name} is required: ${PLACE_HINT}. Usage: ${usage}`)
  return value
}

const pin: CliCommand = {
  words: ['memory', 'pin'],
  summary:
    'pin an approved fact into MEMORY.md, USER.md or a memory file of its own (the budget, scan and duplicate rules apply)',
  usage: 'hearth memory pin FACT_ID --to memory|user|file [--slug NAME]',
  options: { to: 'string', slug: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const slug = stringOption(ctx, 'slug')
    const outcome = await ctx.call('memory.pin', {
      factId: numericId(ctx, 'fact'),
      to: place(ctx, 'to', this.usage),
      ...(slug !== undefined ? { slug } : {})
    })
    return {
      code: outcome.success ? 0 : 1,
      data: outcome,
      text:
        outcome.success || outcome.message.startsWith('Not pinned')
          ? outcome.message
          : `Not pinned. ${outcome.message}`
    }
  }
}

const unpin: CliCommand = {
  words: ['memory', 'unpin'],
  summary: 'take a pin back: the entry leaves MEMORY.md / USER.md, or the memory file goes; the fact stays',
  usage: 'hearth memory unpin FACT_ID --from memory|user|file',
  options: { from: 'string' },
  positionals: [1, 1],
  async run(ctx) {
    const unpinned = await ctx.call('memory.unpin', {
      factId: numericId(ctx, 'fact'),
      from: place(ctx, 'from', this.usage)
    })
    return { data: unpinned, text: unpinned.message }
  }
}

export const memoriesCommands: readonly CliCommand[] = [
  pin,
  unpin,
  list,
  edit,
  forgetOrRestore('forget'),
  forgetOrRestore('restore'),
  receipts,
  undo
]
