import type { ChatSearchHit, KnowledgeHit, KnowledgeKind } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { SliceCreator } from '../../store/types'
import { sourceOf, type HitSource, type SourceFocus } from './sources'

/** Knowledge kinds the switcher asks for: messages come from the chat search, one hit per chat. */
const KNOWLEDGE_KINDS: KnowledgeKind[] = [
  'fact',
  'nexus',
  'memory_entry',
  'user_entry',
  'memory_file',
  'project_state',
  'skill',
  'wiki'
]
const KNOWLEDGE_LIMIT = 30

/** What one search found: chats (the chat list's own search) and knowledge, for `query`. */
export interface EverythingResults {
  readonly query: string
  readonly chats: readonly ChatSearchHit[]
  readonly knowledge: readonly KnowledgeHit[]
  /** Why something is missing: a search that failed, or meaning search skipped (words only). */
  readonly notice: string | null
}

/**
 * Ctrl/Cmd+K's search: the same chat search as the chat list's box (titles, agents' names and
 * message text) beside the knowledge index (facts, the Nexus, memory files, skills…), and the
 * source a chosen hit opened, which its screen highlights and scrolls to.
 */
export interface SearchSlice {
  readonly everything: EverythingResults | null
  readonly sourceFocus: SourceFocus | null
  readonly searchEverything: (query: string) => Promise<void>
  readonly openKnowledgeHit: (hit: KnowledgeHit) => Promise<void>
  /** Opens where something lives (a fact, a memory file, a Nexus entry), highlighted there. */
  readonly openSource: (source: HitSource) => Promise<void>
  readonly clearSourceFocus: () => void
}

export function createSearchSlice(api: ApiClient): SliceCreator<SearchSlice> {
  // Only the newest search may show (typing fires several).
  let latest = 0
  return (set, get) => ({
    everything: null,
    sourceFocus: null,
    async searchEverything(query) {
      const request = ++latest
      const text = query.trim()
      if (text === '') return set({ everything: null })
      const [chats, knowledge] = await Promise.allSettled([
        api.call('chats.search', { query: text.slice(0, 500) }),
        api.call('knowledge.search', { query: text, kind: KNOWLEDGE_KINDS, limit: KNOWLEDGE_LIMIT })
      ])
      if (request !== latest) return
      const notices = [
        chats.status === 'rejected' ? `Chats could not be searched: ${errorMessage(chats.reason)}` : null,
        knowledge.status === 'rejected'
          ? `Knowledge could not be searched: ${errorMessage(knowledge.reason)}`
          : knowledge.value.notice
      ].filter((notice) => notice !== null)
      set({
        everything: {
          query,
          chats: chats.status === 'fulfilled' ? chats.value.hits : [],
          knowledge: knowledge.status === 'fulfilled' ? knowledge.value.results : [],
          notice: notices.length > 0 ? notices.join(' ') : null
        }
      })
    },
    async openKnowledgeHit(hit) {
      const state = get()
      set({ switcherOpen: false, everything: null })
      if (hit.kind === 'message' && hit.sessionId !== null && hit.agentId !== null)
        return state.openChatHit({ agentId: hit.agentId, sessionId: hit.sessionId, messageId: hit.messageId })
      const source = sourceOf(hit)
      if (source !== null) await get().openSource(source)
    },
    async openSource(source) {
      if (source.agentId !== null) get().selectAgent(source.agentId)
      set({ sourceFocus: source.focus })
      await source.open(get())
    },
    clearSourceFocus: () => set({ sourceFocus: null })
  })
}
