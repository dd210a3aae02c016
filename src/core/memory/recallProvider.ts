import type { AgentId, SessionId } from '../../shared/contract'
import type { MemoryRecalled, RecalledItem } from '../../shared/contract/memory'
import type { RetrievedItem } from '../ports/retriever'
import type { TurnContextBlock, TurnContextProvider, TurnContextRequest } from '../ports/turnContext'
import { buildMemoryFence, MEMORY_FENCE_TAG } from './memoryFence'

export interface RecallProviderDeps {
  readonly search: (agentId: AgentId, query: string, k: number) => Promise<readonly RecalledItem[]>
  /** `recall.k` from config.json, read per turn so a change applies without a restart. */
  readonly k: () => number
  /** Turn-start hook of the memory tool (resets its per-turn failure cap). */
  readonly beginTurn: (sessionId: SessionId) => void
  /** Tells the UI what this turn recalled (also when nothing: the chip then clears) and logs it. */
  readonly onRecalled?: (recalled: MemoryRecalled) => void
  /** Epoch ms for the recall record. */
  readonly now: () => number
}

/** What the "recalled this turn" chip receives as the block's detail. */
export interface RecallDetail {
  readonly items: readonly RecalledItem[]
}

/**
 * The per-turn recall: one BM25 query with the user's message, once per user turn, handed to the
 * chat engine as a `<memory-context>` block for the current user message only. Nothing recalled
 * means no block at all, so a turn without matches costs no extra tokens.
 */
export function createRecallProvider(deps: RecallProviderDeps): TurnContextProvider {
  return {
    id: 'recall',
    async provide(request: TurnContextRequest): Promise<TurnContextBlock | null> {
      deps.beginTurn(request.sessionId)
      const items = await deps.search(request.agentId, request.userText, deps.k())
      const { agentId, sessionId, turnId, turnIndex } = request
      deps.onRecalled?.({
        agentId,
        sessionId,
        turnId,
        turnIndex,
        provider: 'recall',
        items: [...items],
        atMs: deps.now()
      })
      const text = buildMemoryFence(items)
      if (text === null) return null
      const detail: RecallDetail = { items }
      return { providerId: 'recall', fenceTag: MEMORY_FENCE_TAG, text, detail }
    }
  }
}

/** A retrieved fact or memory file as recall reports it to the UI and the recall log; null for other kinds. */
export function recalledItem(item: RetrievedItem): RecalledItem | null {
  const { source } = item
  if (source.kind === 'other') return null
  return {
    kind: source.kind,
    factId: source.kind === 'fact' ? source.factId : null,
    slug: source.kind === 'file' ? source.slug : null,
    text: item.text,
    score: item.score,
    method: item.method
  }
}
