import type { TurnId } from '../../../shared/contract'
import type Anthropic from '@anthropic-ai/sdk'
import { resolveAttachments, type AttachmentReader } from '../../attachments/attachmentBlocks'
import type { Clock } from '../../ports/clock'
import type { CallRepository, FinishedCallStatus, RequestRecipe } from '../store/callRepository'
import type { CallPurpose, CallUsage, ContentBlock, MissReason, SessionRecord } from '../chatTypes'
import { ZERO_USAGE } from '../chatTypes'
import { TTL_MS } from '../../domain/cache/ttlPolicy'
import { classifyCacheMiss } from '../cache/missReason'
import { callCostUsd, limitsFor, savedUsd } from '../pricing'
import { placeCacheMarkers, type MarkedRequest, type TtlPlan, type WireMessage } from './requestBuilder'
import { prefixChain, requestSections } from '../cache/requestFingerprint'
import type { SessionRepository } from '../store/sessionRepository'
import { systemBlocks, type SystemBlock } from '../cache/systemBlocks'
import { StreamFailure, streamMessage, type StreamSink } from './streamCall'

export interface CallDeps {
  readonly repo: SessionRepository
  readonly calls: CallRepository
  readonly clock: Clock
  /** Turns stored attachment references into the bytes sent (absent: a host without attachments). */
  readonly attachments?: AttachmentReader
}

export interface CallPlan {
  readonly session: SessionRecord
  readonly turnId: TurnId
  readonly iteration: number
  readonly purpose: CallPurpose
  readonly wire: readonly WireMessage[]
  readonly recipe: Omit<RequestRecipe, 'ttl' | 'stableTtl' | 'ttlWhy' | 'messageIds'>
  readonly ttl: TtlPlan
  readonly fenceTags: readonly string[]
}

export interface CallDone {
  readonly callId: number
  readonly content: readonly ContentBlock[]
  readonly usage: CallUsage
  readonly stopReason: string | null
  readonly missReason: MissReason | null
  readonly costUsd: number
}

/** Thrown by `runModelCall` when the call failed; `usage` is set when the response had begun. */
export class CallFailed extends Error {
  constructor(
    readonly callId: number,
    override readonly cause: unknown,
    readonly partial: readonly ContentBlock[],
    readonly started: boolean
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.name = 'CallFailed'
  }
}

export { TTL_MS }

/** Builds the marked request of a plan (also used by the inspector to show where markers sit). */
export function markRequest(plan: Pick<CallPlan, 'session' | 'wire' | 'ttl'>): MarkedRequest {
  return placeCacheMarkers(
    plan.session.tools,
    sessionSystemBlocks(plan.session),
    plan.wire,
    plan.ttl,
    limitsFor(plan.session.model).minCacheableTokens
  )
}

/** The session's frozen prompt as the request's system blocks (one per tier). */
export function sessionSystemBlocks(
  session: Pick<SessionRecord, 'systemPrompt' | 'promptReport'>
): SystemBlock[] {
  return systemBlocks(session.systemPrompt, session.promptReport)
}

/**
 * One API call, recorded from start to end: the api_calls row is written before the request,
 * finished with usage, cost and the cache-miss verdict, and the session counters are updated —
 * also when the call fails after its response began (those tokens were billed).
 */
export async function runModelCall(
  deps: CallDeps,
  client: Anthropic,
  plan: CallPlan,
  sink: StreamSink,
  signal: AbortSignal
): Promise<CallDone> {
  const { session } = plan
  const request = markRequest(plan)
  const chain = prefixChain(session.model, session.tools, sessionSystemBlocks(session), plan.wire)
  const sections = requestSections({
    model: session.model,
    promptVersion: session.promptVersion,
    tools: session.tools,
    system: session.systemPrompt,
    chain,
    markers: request.markers
  })
  const previous = deps.calls.lastAnswered(session.id)
  const startedAtMs = deps.clock.now()
  const callId = deps.calls.start({
    sessionId: session.id,
    turnId: plan.turnId,
    iteration: plan.iteration,
    purpose: plan.purpose,
    model: session.model,
    promptVersion: session.promptVersion,
    recipe: {
      ...plan.recipe,
      ttl: plan.ttl.conversation,
      stableTtl: plan.ttl.stable,
      ...(plan.ttl.why ? { ttlWhy: plan.ttl.why } : {}),
      messageIds: plan.wire.flatMap((m) => m.sourceIds)
    },
    sections,
    nowMs: startedAtMs
  })
  const account = (
    usage: CallUsage,
    status: FinishedCallStatus,
    error: string | null
  ): { reason: MissReason | null; cost: number } => {
    const verdict = classifyCacheMiss({
      previous: previous && {
        sections: previous.sections,
        usage: previous.usage,
        startedAtMs: previous.startedAtMs
      },
      current: sections,
      currentHashes: chain.hashes,
      usage,
      startedAtMs,
      ttlMs: TTL_MS[plan.ttl.conversation],
      minCacheableTokens: limitsFor(session.model).minCacheableTokens
    })
    const cost = callCostUsd(session.model, usage, plan.ttl.conversation)
    const answered = usage !== ZERO_USAGE
    deps.calls.finish(callId, {
      status,
      error,
      usage,
      expectedRead: verdict.expectedRead,
      missReason: answered ? verdict.reason : null,
      costUsd: cost,
      nowMs: deps.clock.now()
    })
    if (answered)
      deps.repo.addUsage(
        session.id,
        usage,
        cost,
        savedUsd(session.model, usage, plan.ttl.conversation),
        deps.clock.now()
      )
    return { reason: answered ? verdict.reason : null, cost }
  }
  let started = false
  const trackingSink: StreamSink = {
    started: (usage) => {
      started = true
      sink.started(usage)
    },
    text: (delta) => sink.text(delta),
    progress: (content) => sink.progress(content)
  }
  try {
    const sendable = deps.attachments ? resolveAttachments(request, deps.attachments) : request
    const result = await streamMessage(
      client,
      { model: session.model, maxTokens: plan.recipe.maxTokens, request: sendable },
      plan.fenceTags,
      trackingSink,
      signal
    )
    const { reason, cost } = account(result.usage, 'ok', null)
    return {
      callId,
      content: result.content,
      usage: result.usage,
      stopReason: result.stopReason,
      missReason: reason,
      costUsd: cost
    }
  } catch (error) {
    const failure = error instanceof StreamFailure ? error : new StreamFailure(error, [], null)
    account(failure.usage ?? ZERO_USAGE, signal.aborted ? 'aborted' : 'error', failure.message)
    throw new CallFailed(callId, failure.cause, failure.partial, started)
  }
}
