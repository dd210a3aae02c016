import type { ForkCost, MessageId, SessionId, TurnId } from '../../../../shared/contract'
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
  /** Said when a message was opened in a version that was not shown (a search hit, a memory's source). */
  readonly chatVersionNotice: VersionNotice | null
  /**
   * Shows the version of the open chat that holds a message, scrolled to it; says so, with a way
   * back to the version shown before (the one ending with `backToMessageId`).
   */
  readonly showVersionHolding: (messageId: MessageId, backToMessageId: MessageId | null) => Promise<void>
  readonly backFromVersionSwitch: () => Promise<void>
  readonly dismissVersionNotice: () => void
}

export interface VersionNotice {
  readonly message: string
  /** The last message of the version shown before the switch; null when there is no way back. */
  readonly backToMessageId: MessageId | null
}

const VERSION_TEXT = {
  switched:
    'Switched to the version of this chat that holds this message; the chat goes on from the version shown.',
  cannotShow: (reason: string) =>
    `This message is in another version of this chat, which cannot be shown now: ${reason}`
} as const

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
    /** Shows the version holding `messageId`; null when it worked, else why not. */
    const switchTo = async (messageId: MessageId, focus: boolean): Promise<string | null> => {
      const sessionId = get().chatSessionId
      if (sessionId === null) return 'Open a chat first'
      try {
        const detail = await api.call('sessions.selectVersionOf', { sessionId, messageId })
        if (get().chatSessionId !== sessionId) return null
        set((s) => ({
          chatDetail: detail,
          chatEditingTurnId: null,
          chatForkCost: null,
          chatFocusMessageId: focus ? messageId : s.chatFocusMessageId,
          chatFocusRequest: s.chatFocusRequest + 1
        }))
        return null
      } catch (error) {
        return errorMessage(error)
      }
    }
    return {
      chatEditingTurnId: null,
      chatForkCost: null,
      chatVersionNotice: null,
      async showVersionHolding(messageId, backToMessageId) {
        const refusal = await switchTo(messageId, true)
        set({
          chatVersionNotice:
            refusal === null
              ? { message: VERSION_TEXT.switched, backToMessageId }
              : { message: VERSION_TEXT.cannotShow(refusal), backToMessageId: null }
        })
      },
      async backFromVersionSwitch() {
        const back = get().chatVersionNotice?.backToMessageId ?? null
        set({ chatVersionNotice: null })
        if (back === null) return
        const refusal = await switchTo(back, true)
        if (refusal !== null) set({ chatTurnError: refusal })
      },
      dismissVersionNotice() {
        set({ chatVersionNotice: null })
      },
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
            set({ chatDetail: detail, chatEditingTurnId: null, chatForkCost: null, chatVersionNotice: null })
        } catch (error) {
          set({ chatTurnError: errorMessage(error) })
        }
      }
    }
  }
}
