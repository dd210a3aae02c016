import type {
  MessageId,
  SearchHit,
  SessionCursor,
  SessionDetail,
  SessionId,
  SessionSummary,
  TurnId
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import type { CacheBreakPrompt, ChatMessageTarget } from './chatSessionTypes'
import type { ChatTurnSlice } from './chatTurnSlice'
import type { ChatVersionsSlice } from './chatVersionsSlice'

/**
 * The chat's sessions: the list for the selected agent, the open session as stored, and the
 * full-text search over every transcript. A new session is just "no session open": the first
 * message creates it on the core side.
 */
export interface ChatSessionsSlice {
  /** The chat list as loaded so far, a page at a time, in the list's order. */
  readonly chatSessions: readonly SessionSummary[]
  /** Where the list's next page starts; null when every chat is loaded. */
  readonly chatSessionsNext: SessionCursor | null
  /** How many chats the list has in all (every page). */
  readonly chatSessionsTotal: number
  readonly chatSessionId: SessionId | null
  readonly chatDetail: SessionDetail | null
  readonly chatSearchQuery: string
  readonly chatSearchHits: readonly SearchHit[]
  readonly chatError: string | null
  /** The message the transcript scrolls to (after a search hit was opened). */
  readonly chatFocusMessageId: MessageId | null
  /** Counts requests to show a message, so asking for the same one again scrolls to it again. */
  readonly chatFocusRequest: number
  readonly chatCacheBreak: CacheBreakPrompt | null
  /** Reads the list again from its start, keeping as many chats as were loaded (after a change). */
  readonly loadChatSessions: () => Promise<void>
  /** Appends the next page of the list (the end came near); one at a time. */
  readonly loadMoreChatSessions: () => Promise<void>
  readonly openChatSession: (id: string, focusMessageId?: MessageId) => Promise<void>
  /** Reads the open chat's turns before its newest (it opened on its tail); once at a time. */
  readonly loadEarlierChat: () => Promise<void>
  /** Opens Chat on one stored message (from a review candidate's provenance), switching agent if needed. */
  readonly showChatMessage: (target: ChatMessageTarget) => Promise<void>
  readonly startNewChat: () => void
  readonly refreshChatDetail: () => Promise<void>
  readonly searchChats: (query: string) => Promise<void>
  readonly askCacheBreak: (
    kind: Exclude<CacheBreakPrompt['kind'], 'switch-folder'>,
    model?: string
  ) => Promise<void>
  readonly dismissCacheBreak: () => void
  readonly rebuildChatPrompt: () => Promise<ActionResult>
}

type ChatSessionsState = Pick<
  ChatSessionsSlice,
  | 'chatSessions'
  | 'chatSessionsNext'
  | 'chatSessionsTotal'
  | 'chatSessionId'
  | 'chatDetail'
  | 'chatSearchQuery'
  | 'chatSearchHits'
  | 'chatError'
  | 'chatFocusMessageId'
  | 'chatFocusRequest'
  | 'chatCacheBreak'
>

/** The slice's data with nothing loaded: its start, and what switching agent returns it to. */
function emptyChatSessionsState(): ChatSessionsState {
  return {
    chatSessions: [],
    chatSessionsNext: null,
    chatSessionsTotal: 0,
    chatSessionId: null,
    chatDetail: null,
    chatSearchQuery: '',
    chatSearchHits: [],
    chatError: null,
    chatFocusMessageId: null,
    chatFocusRequest: 0,
    chatCacheBreak: null
  }
}

/** Chats the list asks for at a time. */
export const CHAT_LIST_PAGE = 100
/** At most this many are read again at once when the list reloads; further pages follow on scroll. */
const CHAT_LIST_RELOAD_MAX = 1000
/** Times a page is asked for again when a re-read of the list overtook it. */
const MORE_ATTEMPTS = 3
/**
 * A chat opens on its newest turns holding this many messages (many screens of them); the turns
 * before load when the reader scrolls up to them. A long chat then opens without all of it.
 */
export const CHAT_TAIL_MESSAGES = 200

/** What to read of a chat: all of it to show a message or a kept place in it, else its tail (at least as long as shown). */
function detailQuery(state: AppState, id: string, whole: boolean): { id: string; tail?: number } {
  const shown = state.chatDetail?.id === id ? state.chatDetail : null
  // All of it was read (the reader scrolled up to its start): it stays whole.
  const all = shown !== null && shown.earlierTurns === 0 && shown.messages.length > CHAT_TAIL_MESSAGES
  if (whole || all) return { id }
  return { id, tail: Math.max(CHAT_TAIL_MESSAGES, shown?.messages.length ?? 0) }
}

export function createChatSessionsSlice(api: ApiClient): SliceCreator<ChatSessionsSlice> {
  let loadingMore = false
  let loadingEarlier = false
  return (set, get) => ({
    ...emptyChatSessionsState(),
    async loadChatSessions() {
      const agentId = get().selectedAgentId
      // A reload keeps as many chats as were loaded, so the list keeps its place while scrolled.
      const limit = Math.min(CHAT_LIST_RELOAD_MAX, Math.max(CHAT_LIST_PAGE, get().chatSessions.length))
      try {
        const page = await api.call('sessions.list', { ...(agentId ? { agentId } : {}), limit })
        // The user may have switched agent while the list was on its way.
        if (get().selectedAgentId === agentId)
          set({ chatSessions: page.items, chatSessionsNext: page.next, chatSessionsTotal: page.total })
      } catch (error) {
        set({ chatError: errorMessage(error) })
      }
    },
    async loadMoreChatSessions() {
      if (loadingMore) return
      loadingMore = true
      try {
        // A change re-read the list while the page was on its way (a turn ended in another chat):
        // the page is asked again from where the re-read list ends, so a list scrolled to its end
        // goes on loading rather than waiting for the next scroll.
        for (let attempt = 0; attempt < MORE_ATTEMPTS; attempt++) {
          const { selectedAgentId: agentId, chatSessions: shown, chatSessionsNext: after } = get()
          if (after === null) return
          const page = await api.call('sessions.list', {
            ...(agentId ? { agentId } : {}),
            limit: CHAT_LIST_PAGE,
            after
          })
          // A page for another agent's list is dropped.
          if (get().selectedAgentId !== agentId) return
          if (get().chatSessions !== shown) continue
          const known = new Set(shown.map((session) => session.id))
          set({
            chatSessions: [...shown, ...page.items.filter((session) => !known.has(session.id))],
            chatSessionsNext: page.next,
            chatSessionsTotal: page.total
          })
          return
        }
      } catch (error) {
        set({ chatError: errorMessage(error) })
      } finally {
        loadingMore = false
      }
    },
    async openChatSession(id, focusMessageId) {
      try {
        const whole = focusMessageId !== undefined || get().chatScroll[id] !== undefined
        const detail = await api.call('sessions.get', detailQuery({ ...get(), chatDetail: null }, id, whole))
        // A session of another agent arriving late (a turn that settled after a switch) stays closed.
        const selected = get().selectedAgentId
        if (selected !== null && detail.agentId !== selected) return
        set({
          chatSessionId: detail.id,
          chatDetail: detail,
          chatVersionNotice: null,
          chatError: null,
          chatFocusMessageId: focusMessageId ?? null,
          chatFocusRequest: get().chatFocusRequest + 1,
          chatActiveTurnId: streamingTurnOf(get(), detail.id)
        })
      } catch (error) {
        set({ chatError: errorMessage(error) })
      }
    },
    async loadEarlierChat() {
      const shown = get().chatDetail
      if (shown === null || shown.earlierTurns === 0 || loadingEarlier) return
      loadingEarlier = true
      try {
        const detail = await api.call('sessions.get', { id: shown.id })
        if (get().chatSessionId === detail.id) set({ chatDetail: detail })
      } catch (error) {
        set({
          chatError: `The earlier messages could not be loaded (${errorMessage(error)}). Scroll up again to retry.`
        })
      } finally {
        loadingEarlier = false
      }
    },
    async showChatMessage({ agentId, sessionId, messageId }) {
      const state = get()
      if (agentId !== undefined && agentId !== state.selectedAgentId && state.agentIds.includes(agentId))
        state.selectAgent(agentId)
      set({ chatSearchQuery: '', chatSearchHits: [] })
      await get().openChatSession(sessionId, messageId ?? undefined)
      const shown = get().chatDetail
      // A message in a version not shown (an earlier reply, a message before an edit): show that version.
      if (messageId !== null && shown?.id === sessionId && !shown.messages.some((m) => m.id === messageId))
        await get().showVersionHolding(messageId, shown.messages.at(-1)?.id ?? null)
      get().navigate('chat')
    },
    startNewChat() {
      set({
        chatSessionId: null,
        chatDetail: null,
        chatVersionNotice: null,
        chatFocusMessageId: null,
        chatError: null,
        chatActiveTurnId: null,
        chatNotice: null
      })
    },
    async refreshChatDetail() {
      const id = get().chatSessionId
      if (id === null) return
      const detail = await api.call('sessions.get', detailQuery(get(), id, false))
      if (get().chatSessionId === id) set({ chatDetail: detail })
    },
    async searchChats(query) {
      set({ chatSearchQuery: query })
      if (query.trim() === '') {
        set({ chatSearchHits: [] })
        return
      }
      try {
        const agentId = get().selectedAgentId
        const { hits } = await api.call('sessions.search', { query, ...(agentId ? { agentId } : {}) })
        if (get().chatSearchQuery === query) set({ chatSearchHits: hits })
      } catch (error) {
        set({ chatError: errorMessage(error) })
      }
    },
    async askCacheBreak(kind, model) {
      const id = get().chatSessionId
      if (id === null) return
      try {
        const estimate = await api.call('sessions.cacheBreakCost', { id, ...(model ? { model } : {}) })
        set({
          chatCacheBreak: {
            kind,
            model: estimate.model,
            prefixTokens: estimate.prefixTokens,
            extraCostUsd: estimate.extraCostUsd
          }
        })
      } catch (error) {
        set({ chatError: errorMessage(error) })
      }
    },
    dismissCacheBreak() {
      set({ chatCacheBreak: null })
    },
    async rebuildChatPrompt() {
      const id = get().chatSessionId
      if (id === null) return { ok: false, message: 'No session is open' }
      try {
        const detail = await api.call('sessions.rebuildPrompt', { id })
        set({ chatDetail: detail, chatCacheBreak: null })
        return { ok: true, value: undefined }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    }
  })
}

/** The turn streaming in this session, if any: Stop in the composer cancels only that one. */
function streamingTurnOf(state: AppState, sessionId: SessionId): TurnId | null {
  return Object.values(state.chatStreams).find((stream) => stream.sessionId === sessionId)?.turnId ?? null
}

/**
 * What Chat becomes when another agent is selected: that agent's (not yet loaded) session list
 * and the empty new-chat state, never the previous agent's open session, search or pending
 * model switch. Replies still streaming in the other agent's sessions keep streaming; reopening
 * such a session shows them again.
 */
export function chatStateForNewAgent(): Partial<ChatSessionsSlice & ChatTurnSlice & ChatVersionsSlice> {
  return {
    ...emptyChatSessionsState(),
    chatVersionNotice: null,
    chatActiveTurnId: null,
    chatPendingModel: null,
    chatTurnError: null
  }
}

export const selectChatSessions = (state: AppState): readonly SessionSummary[] => state.chatSessions
