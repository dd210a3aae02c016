import type { ForkCost, SessionId, TurnId } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, SliceCreator } from '../../store/types'
import { beginStream } from './chatTurnSlice'

/**
 * Message actions that make a new version of a turn: Regenerate the last reply, Edit a message
 * and resend it (the conversation forks there), and switching between versions (◀ n/m ▶).
 */
export interface ChatVersionsSlice {
  /** The turn whose message is being edited in place, if any. */
  readonly chatEditingTurnId: TurnId | null
  /** What resending the edit costs in cache terms (loaded when editing starts). */
  readonly chatForkCost: ForkCost | null
  readonly regenerateChat: (turnId: TurnId, userText: string) => Promise<ActionResult>
  readonly startEditChat: (turnId: TurnId) => Promise<void>
  readonly cancelEditChat: () => void
  readonly resendEditedChat: (turnId: TurnId, text: string) => Promise<ActionResult>
  readonly selectChatVersion: (turnId: TurnId) => Promise<void>
}

export function createChatVersionsSlice(api: ApiClient): SliceCreator<ChatVersionsSlice> {
  return (set, get) => {
    /** Starts a version turn, then re-reads the session so the new user message shows while the reply streams. */
    const startVersion = async (
      start: (sessionId: SessionId) => Promise<{ turnId: TurnId; sessionId: SessionId }>,
      userText: string
    ): Promise<ActionResult> => {
      const sessionId = get().chatSessionId
      if (sessionId === null) return { ok: false, message: 'Open a chat first' }
      try {
        const turn = await start(sessionId)
        set((s) => ({
          ...beginStream(s, { ...turn, userText }),
          chatEditingTurnId: null,
          chatForkCost: null
        }))
        await get().refreshChatDetail()
        return { ok: true, value: undefined }
      } catch (error) {
        set({ chatTurnError: errorMessage(error) })
        return { ok: false, message: errorMessage(error) }
      }
    }
    return {
      chatEditingTurnId: null,
      chatForkCost: null,
      regenerateChat: (turnId, userText) =>
        startVersion((sessionId) => api.call('chat.regenerate', { sessionId, turnId }), userText),
      resendEditedChat: (turnId, text) =>
        startVersion((sessionId) => api.call('chat.edit', { sessionId, turnId, text }), text),
      async startEditChat(turnId) {
        const sessionId = get().chatSessionId
        set({ chatEditingTurnId: turnId, chatForkCost: null })
        if (sessionId === null) return
        try {
          const cost = await api.call('sessions.forkCost', { sessionId, turnId })
          if (get().chatEditingTurnId === turnId) set({ chatForkCost: cost })
        } catch {
          // The edit still works; only the cost note is missing.
        }
      },
      cancelEditChat() {
        set({ chatEditingTurnId: null, chatForkCost: null })
      },
      async selectChatVersion(turnId) {
        const sessionId = get().chatSessionId
        if (sessionId === null) return
        try {
          const detail = await api.call('sessions.selectVersion', { sessionId, turnId })
          if (get().chatSessionId === sessionId)
            set({ chatDetail: detail, chatEditingTurnId: null, chatForkCost: null })
        } catch (error) {
          set({ chatTurnError: errorMessage(error) })
        }
      }
    }
  }
}
