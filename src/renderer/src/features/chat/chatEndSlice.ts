import type {
  AgentId,
  SessionEnded,
  SessionEndProgress,
  SessionEndReason,
  SessionEndSummary,
  SessionId
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'
import { sayChatIsStale } from './staleChat'

export interface EndStep {
  readonly hookId: string
  readonly phase: SessionEndProgress['phase']
  readonly error: string | null
  readonly candidates: number | null
}

/** What Chat knows about a session's end: the hooks as they ran, and the candidates it left. */
export interface EndView {
  readonly reason: SessionEndReason | null
  readonly steps: readonly EndStep[]
  /** True once every hook settled (or, for a session that ended earlier, once its candidates were counted). */
  readonly done: boolean
  /** Pending candidates from this session, waiting in Review. */
  readonly candidates: number | null
  readonly error: string | null
  /** Why the session closed without its end work (too slight to read when it ended on its own). */
  readonly skipped: string | null
}

/**
 * Ending sessions from Chat: End session runs the session-end hooks in the core (retention into
 * the review inbox, a Nexus summary), whose progress arrives as `sessions.*` events — also when
 * the idle timeout or another window ended the session.
 */
export interface ChatEndSlice {
  readonly chatEnds: Readonly<Record<string, EndView>>
  /** The latest session ends, with what retention made of each (Review shows them). */
  readonly recentSessionEnds: readonly SessionEndSummary[] | null
  readonly loadRecentSessionEnds: () => Promise<void>
  readonly endChatSession: () => Promise<void>
  /** For a session that ended earlier: how many of its candidates still wait in Review. */
  readonly loadEndedSummary: (sessionId: SessionId, agentId: AgentId) => Promise<void>
  /** Runs the end work the open session skipped when it closed on its own. */
  readonly runSkippedEndWork: () => Promise<void>
  readonly receiveSessionEndProgress: (progress: SessionEndProgress) => void
  readonly receiveSessionEnded: (ended: SessionEnded) => void
}

export const STARTED_END: EndView = {
  reason: null,
  steps: [],
  done: false,
  candidates: null,
  error: null,
  skipped: null
}

function withStep(view: EndView, progress: SessionEndProgress): EndView {
  const step: EndStep = {
    hookId: progress.hookId,
    phase: progress.phase,
    error: progress.error,
    candidates: progress.candidates
  }
  const known = view.steps.some((existing) => existing.hookId === progress.hookId)
  return {
    ...view,
    steps: known
      ? view.steps.map((existing) => (existing.hookId === progress.hookId ? step : existing))
      : [...view.steps, step]
  }
}

export function createChatEndSlice(api: ApiClient): SliceCreator<ChatEndSlice> {
  const patch = (
    set: (fn: (state: AppState) => Partial<AppState>) => void,
    sessionId: SessionId,
    change: (view: EndView) => EndView
  ): void =>
    set((state) => ({
      chatEnds: { ...state.chatEnds, [sessionId]: change(state.chatEnds[sessionId] ?? STARTED_END) }
    }))
  return (set, get) => ({
    chatEnds: {},
    recentSessionEnds: null,
    async loadRecentSessionEnds() {
      try {
        const { sessions } = await api.call('review.sessionEnds', { limit: 10 })
        set({ recentSessionEnds: sessions })
      } catch {
        // A summary beside the inbox: the inbox itself reports read failures.
      }
    },
    async endChatSession() {
      const sessionId = get().chatSessionId
      if (sessionId === null) return
      patch(set, sessionId, () => ({ ...STARTED_END, reason: 'explicit' }))
      try {
        const report = await api.call('sessions.end', { id: sessionId })
        patch(set, sessionId, (view) => ({
          ...view,
          done: true,
          candidates: view.candidates ?? report.candidates.length
        }))
      } catch (error) {
        // Refused (still answering, already ended elsewhere): nothing ended here, say why.
        set((state) => ({ chatEnds: withoutKey(state.chatEnds, sessionId), chatError: errorMessage(error) }))
      }
      await Promise.all([get().refreshChatDetail().catch(sayChatIsStale(set)), get().loadChatSessions()])
    },
    async loadEndedSummary(sessionId, agentId) {
      if (get().chatEnds[sessionId] !== undefined) return
      try {
        const { sessions } = await api.call('review.sessionEnds', { agentId, sessionId })
        const end = sessions[0]
        patch(set, sessionId, (view) =>
          view.done
            ? view
            : {
                ...view,
                done: true,
                reason: end?.reason ?? null,
                candidates: end?.pending ?? 0,
                skipped: end?.skipped ?? null
              }
        )
      } catch (error) {
        patch(set, sessionId, (view) => ({ ...view, done: true, error: errorMessage(error) }))
      }
    },
    async runSkippedEndWork() {
      const sessionId = get().chatSessionId
      if (sessionId === null) return
      patch(set, sessionId, (view) => ({ ...view, done: false, skipped: null, steps: [] }))
      try {
        const report = await api.call('sessions.runSkippedEndWork', { id: sessionId })
        patch(set, sessionId, (view) => ({ ...view, done: true, candidates: report.candidates.length }))
      } catch (error) {
        patch(set, sessionId, (view) => ({ ...view, done: true, error: errorMessage(error) }))
      }
    },
    receiveSessionEndProgress(progress) {
      patch(set, progress.sessionId, (view) => withStep(view, progress))
    },
    receiveSessionEnded(ended) {
      patch(set, ended.sessionId, (view) => ({
        ...view,
        reason: ended.reason,
        done: true,
        candidates: ended.candidates,
        skipped: ended.skipped
      }))
      const state = get()
      if (state.chatSessionId === ended.sessionId) void state.refreshChatDetail().catch(sayChatIsStale(set))
      if (state.selectedAgentId === ended.agentId) void state.loadChatSessions()
      void state.loadReviewCount()
      if (state.recentSessionEnds !== null) void state.loadRecentSessionEnds()
    }
  })
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record
  return rest
}

/** True when the open session has ended (or is ending): the composer gives way to the ended panel. */
export function selectOpenSessionEnded(state: AppState): boolean {
  const id = state.chatSessionId
  if (id === null) return false
  return (
    (state.chatDetail?.id === id && state.chatDetail.endedAtMs !== null) || state.chatEnds[id] !== undefined
  )
}
