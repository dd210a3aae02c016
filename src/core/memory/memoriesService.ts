import type {
  MemoriesFactStatus,
  MemoriesView,
  MemoryFileItem,
  MemoryWrite,
  RemovedEntry
} from '../../shared/contract/memories'
import { FACT_PAGE_MAX, type MemoriesCursor } from '../../shared/contract/factPages'
import { pageOf, recentCursorOf, recentPageQuery, type FactPage } from './factPages'
import type { FactPin, MemoryFileView, MemoryReceipt, MemoryTarget } from '../../shared/contract/memory'
import type { Fact } from '../../shared/contract/review'
import type { FactStore } from './factStore'
import type { MemoryFileStore } from './memoryFileStore'
import type { Transcripts } from '../ports/transcripts'
import type { ReceiptStore } from './receiptStore'
import type { AgentId } from '../../shared/contract'

export interface MemoriesDeps {
  readonly facts: FactStore
  readonly files: MemoryFileStore
  readonly receipts: ReceiptStore
  /** MEMORY.md / USER.md as the memory tool reads them. */
  readonly show: (agentId: AgentId, target: MemoryTarget) => MemoryFileView
  /** Where the agent's facts are pinned now. */
  readonly pins: (agentId: AgentId) => readonly FactPin[]
  /** The chat a write was made in, as a person finds it: its title and the turn's first message. */
  readonly transcripts: Pick<Transcripts, 'provenance' | 'turnMessageId'>
}

/** How many removed entries the view offers to restore, newest first. */
const REMOVED_SHOWN = 20
/** Facts read at a time while a search looks for a page of matches. */
const SEARCH_CHUNK = 200

/** Where a page of facts starts and how long it is. */
export interface MemoriesPageRequest {
  readonly after?: MemoriesCursor
  readonly limit?: number
}

/**
 * The Memories view of one agent: everything it remembers, in one search. Approved facts
 * (memory-tool writes approved in Review are not listed: they live in MEMORY.md / USER.md, which
 * are listed), memory files, and the entries of both memory files; plus what was forgotten.
 */
export class MemoriesService {
  constructor(private readonly deps: MemoriesDeps) {}

  list(agentId: AgentId, query = '', limit = FACT_PAGE_MAX): MemoriesView {
    const matches = matcher(query)
    const files = (forgotten: boolean): MemoryFileItem[] =>
      this.deps.files
        .list(agentId, forgotten)
        .filter((file) => matches([file.slug, file.name, file.description, file.type, file.excerpt]))
    const memory = this.deps.show(agentId, 'memory')
    const user = this.deps.show(agentId, 'user')
    const entries = (view: MemoryFileView): MemoryFileView => ({
      ...view,
      entries: view.entries.filter((entry) => matches([entry]))
    })
    const approved = this.factsPage(agentId, 'approved', query, { limit })
    const forgotten = this.factsPage(agentId, 'forgotten', query, { limit })
    return {
      agentId,
      query: query.trim(),
      facts: approved.facts,
      next: approved.next,
      factsTotal: query.trim() === '' ? this.deps.facts.countListed(agentId, 'approved') : null,
      pins: this.pinsOf(agentId, approved.facts),
      files: files(false),
      memory: entries(memory),
      user: entries(user),
      forgotten: {
        facts: forgotten.facts,
        factsNext: forgotten.next,
        files: files(true),
        entries: this.removedEntries(agentId, { memory: memory.entries, user: user.entries }).filter(
          (entry) => matches([entry.text])
        )
      }
    }
  }

  /** Where the given facts are pinned now (a fact may be in more than one place). */
  pinsOf(agentId: AgentId, facts: readonly Fact[]): FactPin[] {
    const listed = new Set(facts.map((fact) => fact.id))
    return this.deps.pins(agentId).filter((pin) => listed.has(pin.factId))
  }

  /**
   * One page of the agent's facts of one status matching `query`, most recently changed first.
   * Without a query the page is one range of the index; a search reads the index in chunks from
   * the cursor until it has a page of matches (and one more, to know whether another page follows).
   */
  factsPage(
    agentId: AgentId,
    status: MemoriesFactStatus,
    query: string,
    page: MemoriesPageRequest
  ): FactPage<MemoriesCursor> {
    const limit = page.limit ?? FACT_PAGE_MAX
    const matches = matcher(query)
    const matching = (fact: Fact): boolean =>
      matches([fact.text, fact.type, ...fact.entities, fact.sessionTitle ?? ''])
    if (query.trim() === '') {
      const range = recentPageQuery({ agentId, status }, page.after, limit)
      return pageOf(this.deps.facts.page(range), range, recentCursorOf)
    }
    const found: Fact[] = []
    let after = page.after
    for (;;) {
      const chunk = recentPageQuery({ agentId, status }, after, SEARCH_CHUNK)
      const rows = this.deps.facts.page(chunk).slice(0, SEARCH_CHUNK)
      for (const fact of rows) if (matching(fact)) found.push(fact)
      const last = rows.at(-1)
      if (found.length > limit || rows.length < SEARCH_CHUNK || last === undefined) break
      after = recentCursorOf(last)
    }
    const facts = found.slice(0, limit)
    const end = facts.at(-1)
    return { facts, next: found.length > limit && end !== undefined ? recentCursorOf(end) : null }
  }

  /** The agent's memory writes, newest first, each with its receipt and the chat it was made in. */
  writes(agentId: AgentId, limit = 100): MemoryWrite[] {
    const { transcripts } = this.deps
    return this.deps.receipts.listByAgent(agentId, limit).map((receipt) => {
      if (receipt.sessionId === null) return { receipt, chat: null }
      const messageId =
        receipt.turnId === null ? undefined : transcripts.turnMessageId(receipt.sessionId, receipt.turnId)
      return {
        receipt,
        chat: {
          sessionId: receipt.sessionId,
          title: transcripts.provenance(receipt.sessionId, null).sessionTitle,
          messageId: messageId ?? null
        }
      }
    })
  }

  /**
   * Entries that writes removed and that are not back in the file: the history of MEMORY.md
   * (this agent's writes) and of USER.md (every agent's). Undone writes put theirs back already.
   */
  private removedEntries(
    agentId: AgentId,
    current: Readonly<Record<MemoryTarget, readonly string[]>>
  ): RemovedEntry[] {
    const receipts = [
      ...this.deps.receipts.listByAgent(agentId, 200).filter((receipt) => receipt.target === 'memory'),
      ...this.deps.receipts.listForUserFile(200)
    ]
    const seen = new Set<string>()
    const removed: RemovedEntry[] = []
    for (const receipt of receipts.sort((a, b) => b.atMs - a.atMs || b.id - a.id)) {
      for (const text of removedTexts(receipt)) {
        const key = `${receipt.target}\n${text}`
        if (seen.has(key) || current[receipt.target].includes(text)) continue
        seen.add(key)
        removed.push({ target: receipt.target, text, receiptId: receipt.id, atMs: receipt.atMs })
      }
    }
    return removed.slice(0, REMOVED_SHOWN)
  }
}

function removedTexts(receipt: MemoryReceipt): string[] {
  if (receipt.undoneAtMs !== null) return []
  return receipt.changes.flatMap((change) =>
    change.action === 'remove' && change.before !== null ? [change.before] : []
  )
}

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase()
}

/** True when every word of the query appears in one of the texts (any case); an empty query matches all. */
function matcher(query: string): (texts: readonly string[]) => boolean {
  const words = fold(query)
    .split(/\s+/)
    .filter((word) => word !== '')
  return (texts) => {
    const haystack = fold(texts.join('\n'))
    return words.every((word) => haystack.includes(word))
  }
}
