import type { MessageId, TurnId } from '../../../shared/contract'
import type Anthropic from '@anthropic-ai/sdk'
import type { EventHub } from '../../events'
import type { Logger } from '../../ports/logger'
import type { TurnContextProvider, TurnContextRequest } from '../../ports/turnContext'
import type { StartedTurn } from '../chatOptions'
import type { SessionRecord, StoredMessage } from '../chatTypes'
import type { TtlPlan } from './requestBuilder'
import type { RunningTurns } from './runningTurns'
import type { SessionRepository } from '../store/sessionRepository'
import { gatherTurnContext, notifyTurnCompleted, type GatheredContext } from './turnContextStep'
import { announceFailure } from './turnFailureEvents'
import { executeTurn, TurnFailure, type TurnDeps, type TurnResult } from './turnRunner'

/** A turn whose user message is stored and which may now run. */
export interface StoredTurn {
  readonly turnId: TurnId
  readonly userMessageId: MessageId
  readonly userText: string
  /** 0-based position among the session's turns (turn-context providers use it). */
  readonly turnIndex: number
  /**
   * The chosen path's messages with this turn's user message last, when storing the turn read
   * them anyway: the cache-lifetime choice reads them from here instead of a long chat again.
   */
  readonly transcript?: readonly StoredMessage[]
}

/** What running a turn in the background needs, besides the turn itself. */
export interface LaunchDeps {
  readonly running: RunningTurns
  readonly providers: readonly TurnContextProvider[]
  readonly turnDeps: () => TurnDeps
  readonly events: EventHub
  readonly log: Logger
  readonly repo: SessionRepository
}

/** Runs a turn whose user message is stored, in the background, and tracks it until it ends. */
export function launchTurn(
  deps: LaunchDeps,
  session: SessionRecord,
  turn: StoredTurn,
  call: { client: Anthropic; ttl: TtlPlan },
  signal?: AbortSignal
): StartedTurn {
  const controller = new AbortController()
  signal?.addEventListener('abort', () => controller.abort(), { once: true })
  const done = runTracked(deps, session, turn, { ...call, controller })
  // `done` is only awaited to know the turn is over; its failure is reported by runTracked itself.
  deps.running.track(turn.turnId, { sessionId: session.id, controller, done: done.catch(() => undefined) })
  return { turnId: turn.turnId, sessionId: session.id, done }
}

async function runTracked(
  deps: LaunchDeps,
  session: SessionRecord,
  turn: StoredTurn,
  call: { client: Anthropic; ttl: TtlPlan; controller: AbortController }
): Promise<TurnResult> {
  const request: TurnContextRequest = {
    agentId: session.agentId,
    sessionId: session.id,
    turnId: turn.turnId,
    userText: turn.userText,
    turnIndex: turn.turnIndex
  }
  let gathered: GatheredContext = { blocks: [], texts: [], summary: [], fenceTags: [] }
  try {
    gathered = await gatherTurnContext(deps.providers, request, deps.log)
    const result = await executeTurn(deps.turnDeps(), {
      turnId: turn.turnId,
      userMessageId: turn.userMessageId,
      session,
      client: call.client,
      signal: call.controller.signal,
      ttl: call.ttl,
      contextTexts: gathered.texts,
      contextSummary: gathered.summary,
      fenceTags: gathered.fenceTags,
      ...(turn.transcript ? { transcript: turn.transcript } : {})
    })
    announceFinished(deps.events, turn.turnId, result)
    notifyTurnCompleted(deps.providers, request, gathered.blocks, deps.log)
    return result
  } catch (error) {
    const failure =
      error instanceof TurnFailure
        ? error
        : new TurnFailure(error, false, { texts: [], calls: [], toolCalls: [], compressed: false })
    announceFailure(deps.events, session.id, turn.turnId, failure)
    throw failure
  } finally {
    deps.running.finish(turn.turnId)
    foldLogAfterTurn(deps)
    maintainQuietly(deps)
  }
}

function announceFinished(events: EventHub, turnId: TurnId, result: TurnResult): void {
  events.emit('chat.finished', {
    sessionId: result.sessionId,
    turnId,
    text: result.text,
    stopReason: result.stopReason,
    usage: result.usage,
    costUsd: result.costUsd,
    calls: [...result.calls],
    compressed: result.compressed
  })
}

/**
 * The turn's end folds a long log before anything else can start, so SQLite's own fold does not
 * land in the next turn's first commit when no pause comes between (see `foldLongLog`).
 */
function foldLogAfterTurn(deps: LaunchDeps): void {
  try {
    deps.repo.foldLongLog()
  } catch (error) {
    // Another process is writing: SQLite's own fold still bounds the log.
    deps.log.debug('Folding the log after a turn skipped', { error })
  }
}

/**
 * Between turns is the cheap moment for the database's upkeep, done in short steps so a request
 * arriving meanwhile is not held up; a turn that starts stops it (the next pause carries on).
 */
function maintainQuietly(deps: LaunchDeps): void {
  deps.repo.maintainInSteps(
    () => deps.running.isAnsweringAny(),
    // Closed, or another process is writing: the next pause catches up, and SQLite's own
    // checkpoint and FTS5's crisis merge still bound the log and the index meanwhile.
    (error) => deps.log.debug('Upkeep between turns skipped', { error })
  )
}
