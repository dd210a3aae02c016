import type { SessionDetail, TurnId } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { SliceCreator } from '../../store/types'
import { beginStream } from './chatTurnSlice'
import { sayChatIsStale } from './staleChat'

/**
 * Failed turns and Retry: why each turn failed (from `chat.failed`, worded for people), and
 * running the open session's failed last turn again on its stored message.
 */
export interface ChatRetrySlice {
  readonly chatFailures: Readonly<Record<string, string>>
  readonly chatRetrying: boolean
  readonly retryChat: () => Promise<void>
  /**
   * After a reconnect: events sent while the connection was down are lost, so re-read the open
   * chat, and drop a reply stream whose turn is no longer streaming there (it ended, or the host
   * restarted and the core marked it interrupted, ready for Retry).
   */
  readonly resyncChat: () => Promise<void>
}

export function createChatRetrySlice(api: ApiClient): SliceCreator<ChatRetrySlice> {
  return (set, get) => ({
    chatFailures: {},
    chatRetrying: false,
    async retryChat() {
      const { chatSessionId: sessionId, chatDetail } = get()
      if (sessionId === null || chatDetail?.id !== sessionId || chatDetail.retry === null) return
      set({ chatRetrying: true })
      try {
        const { turnId } = await api.call('chat.retry', { sessionId })
        set((state) => {
          const { [turnId]: _old, ...failures } = state.chatFailures
          return {
            ...beginStream(state, { turnId, sessionId, userText: '' }),
            chatFailures: failures,
            chatRetrying: false
          }
        })
        void get().refreshChatDetail().catch(sayChatIsStale(set))
      } catch (error) {
        set({ chatRetrying: false, chatError: errorMessage(error) })
      }
    },
    async resyncChat() {
      await Promise.all([get().refreshChatDetail().catch(sayChatIsStale(set)), get().loadChatSessions()])
      const detail = get().chatDetail
      if (detail === null) return
      set((state) => {
        const stale = Object.values(state.chatStreams).filter(
          (stream) => stream.sessionId === detail.id && turnIsOver(detail, stream.turnId)
        )
        if (stale.length === 0) return {}
        const streams = Object.fromEntries(
          Object.entries(state.chatStreams).filter(([turnId]) => !stale.some((s) => s.turnId === turnId))
        )
        return {
          chatStreams: streams,
          chatActiveTurnId: stale.some((s) => s.turnId === state.chatActiveTurnId)
            ? null
            : state.chatActiveTurnId
        }
      })
    }
  })
}

/** True when the stored session shows the turn over: failed (Retry offered) or ended on a final reply. */
function turnIsOver(detail: SessionDetail, turnId: TurnId): boolean {
  if (detail.retry?.turnId === turnId) return true
  const last = detail.messages.at(-1)
  if (last === undefined || last.turnId !== turnId || last.kind !== 'reply') return false
  return (
    (last.status === 'complete' || last.status === 'partial') &&
    !last.content.some((block) => block.type === 'tool_use')
  )
}
