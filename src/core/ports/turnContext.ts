import type { AgentId, SessionId, TurnId } from '../../shared/contract'
/**
 * Per-turn context (recall, unread Nexus entries) is appended to the CURRENT user message at
 * API-call time only: never stored in the transcript, never in the system prompt, so the cached
 * prefix stays byte-identical. Features register providers with the chat engine.
 */
export interface TurnContextRequest {
  readonly agentId: AgentId
  readonly sessionId: SessionId
  /** The turn being answered (`t_…`), so what a provider adds can be tied to it later. */
  readonly turnId: TurnId
  /** The user's message text for this turn. */
  readonly userText: string
  /** 0-based index of the user turn within the session. */
  readonly turnIndex: number
}

export interface TurnContextBlock {
  /** Which provider produced it, e.g. 'recall' or 'nexus'. */
  readonly providerId: string
  /** The fence tag, e.g. 'memory-context'; the engine filters `<tag>`/`</tag>` out of streamed replies. */
  readonly fenceTag: string
  /** The whole fenced text including the opening and closing tags. */
  readonly text: string
  /** Structured detail for the UI (e.g. recalled facts with scores); must be JSON-serialisable. */
  readonly detail?: unknown
}

export interface TurnContextProvider {
  readonly id: string
  /** Called once per user turn (not per tool iteration). Return null to add nothing. */
  provide(request: TurnContextRequest): Promise<TurnContextBlock | null>
  /** Called after the turn completed successfully (e.g. to advance a read cursor). */
  onTurnCompleted?(request: TurnContextRequest, block: TurnContextBlock | null): void
}

/** Runs when a session ends (explicit end, idle timeout, app quit): retention, Nexus summary. */
export interface SessionEndHook {
  readonly id: string
  /**
   * `signal` aborts when the core is disposed mid-run (a host quitting while it finishes what an
   * earlier process left): a hook that waits on the network stops waiting, and its work is done
   * again by the next host.
   */
  run(session: {
    readonly sessionId: SessionId
    readonly agentId: AgentId
    readonly signal?: AbortSignal
  }): Promise<unknown>
}
