import type { ChatFailed, ChatFinished, EventPayload, SessionId, TurnId } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import { selectProjectDir } from '../files/projectFolderSlice'
import { sayChatIsStale } from './staleChat'

export interface ToolCallView {
  readonly toolUseId: string
  readonly name: string
  readonly displayName: string
  readonly input: unknown
  readonly ok: boolean | null
  readonly result: string | null
}

/** A reply being streamed right now (keyed by turn id: events may arrive before `chat.send` answers). */
export interface StreamView {
  readonly sessionId: SessionId
  readonly turnId: TurnId
  readonly userText: string
  readonly text: string
  readonly tools: readonly ToolCallView[]
}

export interface ChatTurnSlice {
  readonly chatStreams: Readonly<Record<string, StreamView>>
  readonly chatActiveTurnId: TurnId | null
  /** The model the next message switches the session to (after the user confirmed the cost). */
  readonly chatPendingModel: string | null
  readonly chatTurnError: string | null
  readonly chatLastFinished: ChatFinished | null
  readonly sendChat: (text: string) => Promise<ActionResult>
  readonly stopChat: () => Promise<void>
  readonly setChatPendingModel: (model: string | null) => void
  readonly receiveChatDelta: (delta: EventPayload<'chat.delta'>) => void
  readonly receiveChatToolCall: (call: EventPayload<'chat.toolCall'>) => void
  readonly receiveChatFinished: (finished: ChatFinished) => void
  readonly receiveChatFailed: (failed: ChatFailed) => void
}

function emptyStream(sessionId: SessionId, turnId: TurnId, userText = ''): StreamView {
  return { sessionId, turnId, userText, text: '', tools: [] }
}

/** The state a turn started from this window puts the chat in (send, regenerate, edit): its stream open and active. */
export function beginStream(
  state: AppState,
  turn: { turnId: TurnId; sessionId: SessionId; userText: string }
): Partial<AppState> {
  const stream = state.chatStreams[turn.turnId] ?? emptyStream(turn.sessionId, turn.turnId)
  return {
    chatStreams: { ...state.chatStreams, [turn.turnId]: { ...stream, userText: turn.userText } },
    chatActiveTurnId: turn.turnId,
    chatSessionId: turn.sessionId,
    chatTurnError: null,
    chatFocusMessageId: null
  }
}

export function createChatTurnSlice(api: ApiClient): SliceCreator<ChatTurnSlice> {
  const update = (
    state: AppState,
    turnId: TurnId,
    sessionId: SessionId,
    change: (stream: StreamView) => StreamView
  ): Partial<ChatTurnSlice> => ({
    chatStreams: {
      ...state.chatStreams,
      [turnId]: change(state.chatStreams[turnId] ?? emptyStream(sessionId, turnId))
    }
  })
  const settle = async (
    state: () => AppState,
    turnId: TurnId,
    sessionId: SessionId,
    set: (patch: (s: AppState) => Partial<AppState>) => void
  ): Promise<void> => {
    if (state().chatSessionId === null && state().chatActiveTurnId === turnId)
      set(() => ({ chatSessionId: sessionId }))
    await Promise.all([
      state().chatSessionId === sessionId ? state().openChatSession(sessionId) : Promise.resolve(),
      state().loadChatSessions()
    ])
    set((s) => {
      const { [turnId]: _done, ...rest } = s.chatStreams
      return {
        chatStreams: rest,
        chatActiveTurnId: s.chatActiveTurnId === turnId ? null : s.chatActiveTurnId
      }
    })
  }
  return (set, get) => ({
    chatStreams: {},
    chatActiveTurnId: null,
    chatPendingModel: null,
    chatTurnError: null,
    chatLastFinished: null,
    async sendChat(text) {
      const state = get()
      const target = state.chatSessionId
        ? { sessionId: state.chatSessionId }
        : state.selectedAgentId
          ? { agentId: state.selectedAgentId }
          : {}
      // A new chat works in the agent's project folder; an open session keeps the folder it has.
      const cwd = state.chatSessionId === null ? selectProjectDir(state) : null
      try {
        const attachments = state.draftAttachments.map((attachment) => attachment.id)
        const { turnId, sessionId } = await api.call('chat.send', {
          text,
          ...target,
          ...(cwd !== null ? { cwd } : {}),
          ...(state.chatPendingModel ? { model: state.chatPendingModel } : {}),
          ...(attachments.length > 0 ? { attachments } : {})
        })
        set({ draftAttachments: [], attachError: null })
        if (get().selectedAgentId !== state.selectedAgentId) {
          // Another agent was picked while sending: the turn runs on, but Chat stays with the new agent.
          set((s) => update(s, turnId, sessionId, (stream) => ({ ...stream, userText: text })))
          return { ok: true, value: undefined }
        }
        set((s) => ({
          ...beginStream(s, { turnId, sessionId, userText: text }),
          chatPendingModel: null,
          chatNotice: null
        }))
        // Re-read the session at once: the new user message is stored before any model call, so
        // the turn shows as stored while its reply streams.
        if (state.chatSessionId === null)
          void Promise.all([get().openChatSession(sessionId), get().loadChatSessions()])
        else void get().refreshChatDetail().catch(sayChatIsStale(set))
        return { ok: true, value: undefined }
      } catch (error) {
        set({ chatTurnError: errorMessage(error) })
        return { ok: false, message: errorMessage(error) }
      }
    },
    async stopChat() {
      const turnId = get().chatActiveTurnId
      if (turnId !== null) await api.call('chat.cancel', { turnId })
    },
    setChatPendingModel(model) {
      set({ chatPendingModel: model, chatCacheBreak: null })
    },
    receiveChatDelta(delta) {
      set((s) =>
        update(s, delta.turnId, delta.sessionId, (stream) => ({ ...stream, text: stream.text + delta.text }))
      )
    },
    receiveChatToolCall(call) {
      set((s) =>
        update(s, call.turnId, call.sessionId, (stream) => {
          const view: ToolCallView = {
            toolUseId: call.toolUseId,
            name: call.name,
            displayName: call.displayName,
            input: call.input,
            ok: call.ok,
            result: call.result
          }
          const others = stream.tools.filter((tool) => tool.toolUseId !== call.toolUseId)
          return { ...stream, tools: [...others, view] }
        })
      )
    },
    receiveChatFinished(finished) {
      set({ chatLastFinished: finished })
      void settle(get, finished.turnId, finished.sessionId, set)
    },
    receiveChatFailed(failed) {
      // Shown on the failed turn itself, beside Retry (see chatRetrySlice).
      set((s) => ({ chatFailures: { ...s.chatFailures, [failed.turnId]: failed.message } }))
      void settle(get, failed.turnId, failed.sessionId, set)
    }
  })
}

/** The stream of the open session, if a reply is arriving. */
export function selectOpenStream(state: AppState): StreamView | null {
  const id = state.chatSessionId
  if (id === null) return null
  return Object.values(state.chatStreams).find((stream) => stream.sessionId === id) ?? null
}
