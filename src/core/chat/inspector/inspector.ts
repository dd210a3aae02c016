import type { SessionId, TurnId } from '../../../shared/contract'
import type { InspectedCall } from '../../../shared/contract/inspector'
import { notFound } from '../../errors'
import type { CallRecord, CallRepository } from '../store/callRepository'
import type { PromptReport, SessionRecord, StoredMessage } from '../chatTypes'
import { limitsFor } from '../pricing'
import { contextItems } from './contextItems'
import {
  placeCacheMarkers,
  buildWireMessages,
  type TtlPlan,
  type TurnContextText
} from '../turn/requestBuilder'
import { diffRequests, type InspectedRequest } from './requestDiff'
import { sentRequest } from './sentRequest'
import type { SessionRepository } from '../store/sessionRepository'
import { promptTiers } from '../session/sessionViews'
import { systemBlocks } from '../cache/systemBlocks'
import { publicUsage } from '../turn/turnRunner'

export interface InspectedTurn {
  readonly turnId: TurnId
  readonly calls: InspectedCall[]
}

/**
 * Rebuilds the exact request of every call of a turn from stored rows: the prompt version it
 * used, the frozen tools, the messages it named, the per-turn blocks its call record kept
 * (appended where they were sent), and where its cache markers sat.
 */
export function inspectTurn(
  repo: SessionRepository,
  calls: CallRepository,
  sessionId: SessionId,
  turnId: TurnId
): InspectedTurn {
  const mine = calls.forTurn(sessionId, turnId)
  if (mine.length === 0) throw notFound(`No model calls recorded for turn ${turnId} of session ${sessionId}`)
  // Each call is compared with the session's call just before it (one indexed read each).
  const previous = mine.map((call) => calls.before(sessionId, call.id))
  const requestOf = requestRebuilder(repo, sessionId, [...mine, ...previous])
  return {
    turnId,
    calls: mine.map((call, index) => inspectCall(requestOf, call, previous[index]))
  }
}

/**
 * Rebuilds the requests of the given calls on demand, each once (a call's request is also the
 * next call's "before"). Only the messages these requests named are read, not a long chat's
 * whole history.
 */
export function requestRebuilder(
  repo: SessionRepository,
  sessionId: SessionId,
  calls: readonly (CallRecord | undefined)[]
): (call: CallRecord) => InspectedRequest {
  const session = repo.getSession(sessionId) as SessionRecord
  const named = calls.flatMap((call) => call?.recipe.messageIds ?? [])
  const messages = new Map(repo.messagesWithIds(sessionId, named).map((m) => [m.id, m]))
  const built = new Map<number, InspectedRequest>()
  return (call) => {
    const request = built.get(call.id) ?? rebuildRequest(repo, session, messages, call)
    built.set(call.id, request)
    return request
  }
}

function inspectCall(
  requestOf: (call: CallRecord) => InspectedRequest,
  call: CallRecord,
  previous: CallRecord | undefined
): InspectedCall {
  const request = requestOf(call)
  return {
    callId: call.id,
    iteration: call.iteration,
    purpose: call.purpose,
    model: call.model,
    status: call.status,
    error: call.error,
    startedAtMs: call.startedAtMs,
    usage: publicUsage(call.usage),
    costUsd: call.costUsd,
    expectedRead: call.expectedRead,
    missReason: call.missReason,
    promptVersion: call.promptVersion,
    request: sentRequest(request),
    diff: diffCalls(call, previous),
    requestDiff: previous ? diffRequests(requestOf(previous), request, previous.id) : null
  }
}

/** One call's request as sent: the prompt version it used, the frozen tools, its messages and markers. */
function rebuildRequest(
  repo: SessionRepository,
  session: SessionRecord,
  messages: ReadonlyMap<number, StoredMessage>,
  call: CallRecord
): InspectedRequest {
  const prompt = repo.promptVersion(session.id, call.promptVersion) ?? {
    text: session.systemPrompt,
    report: session.promptReport,
    reason: 'unknown'
  }
  const sent = call.recipe.messageIds.flatMap((id) => {
    const message = messages.get(id)
    return message ? [{ ...message, inContext: true }] : []
  })
  const wire = buildWireMessages(sent, sentContext(call))
  const withInstruction = call.recipe.instruction ? appendInstruction(wire, call.recipe.instruction) : wire
  const marked = placeCacheMarkers(
    session.tools,
    systemBlocks(prompt.text, prompt.report),
    withInstruction,
    recipeTtl(call),
    limitsFor(call.model).minCacheableTokens
  )
  return {
    model: call.model,
    maxTokens: call.recipe.maxTokens,
    ttl: call.recipe.ttl,
    system: promptTiers(prompt.text, prompt.report).map((tier) => ({
      ...tier,
      source: tierSources(prompt.report, tier.tier)
    })),
    tools: session.tools.map((tool, i) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.input_schema,
      marked: call.sections.breakpoints.some((b) => b.kind === 'tools' && b.position === i)
    })),
    messages: marked.messages.map((message, i) => ({
      role: message.role,
      content: message.content.map((block) => ({ ...block })),
      sourceIds: [...(withInstruction[i]?.sourceIds ?? [])]
    })),
    context: call.recipe.context.map((block) => ({
      providerId: block.providerId,
      fenceTag: block.fenceTag,
      chars: block.chars,
      sha256: block.sha256,
      text: block.text ?? null,
      items: contextItems(block.providerId, block.detail, session.agentId)
    })),
    breakpoints: call.sections.breakpoints.map((b) => ({
      kind: b.kind,
      position: b.position,
      messageIndex: b.messageIndex ?? null,
      blockIndex: b.blockIndex ?? null,
      estimatedTokens: b.estimatedTokens,
      ttl: b.ttl ?? null,
      ttlReason: ttlReason(call, b.kind)
    })),
    instruction: call.recipe.instruction ?? null
  }
}

/**
 * The per-turn blocks as they were appended to the current user message; null when the call had
 * none, or was recorded before its call record kept their text (then they cannot be rebuilt).
 */
function sentContext(call: CallRecord): TurnContextText | null {
  const { context, contextMessageId } = call.recipe
  if (contextMessageId === null || context.length === 0) return null
  const texts = context.flatMap((block) => (block.text === undefined ? [] : [block.text]))
  return texts.length === context.length ? { messageId: contextMessageId, texts } : null
}

/** Why a marker of this kind got its TTL: tools and stable tier follow the stable reason, the rest the conversation's. */
function ttlReason(call: CallRecord, kind: string): string | null {
  const why = call.recipe.ttlWhy
  if (!why) return null
  return kind === 'tools' || kind === 'stable' ? why.stable : why.conversation
}

/** The TTLs a call's markers had (calls recorded before the stable tier had its own used one TTL). */
function recipeTtl(call: CallRecord): TtlPlan {
  return { stable: call.recipe.stableTtl ?? call.recipe.ttl, conversation: call.recipe.ttl }
}

function appendInstruction(
  wire: ReturnType<typeof buildWireMessages>,
  instruction: string
): ReturnType<typeof buildWireMessages> {
  const block = { type: 'text' as const, text: instruction }
  const last = wire.at(-1)
  if (last?.role === 'user') return [...wire.slice(0, -1), { ...last, content: [...last.content, block] }]
  return [...wire, { role: 'user', content: [block], sourceIds: [], contextBlocks: 0 }]
}

/** Which files (or built-in texts) a tier was made from, for the "source" label of each part. */
function tierSources(report: PromptReport, tier: string): string {
  const layers = report.layers.filter((layer) => layer.tier === tier)
  return layers
    .map((layer) => (layer.source ? `${layer.id} (${layer.source})` : `${layer.id} (built-in)`))
    .join(', ')
}

/** What changed since the call before: the sections the cache is keyed on, and how the history moved. */
function diffCalls(call: CallRecord, previous: CallRecord | undefined): InspectedCall['diff'] {
  if (!previous)
    return {
      previousCallId: null,
      modelChanged: false,
      toolsChanged: false,
      systemChanged: false,
      commonMessages: 0,
      removedMessages: 0,
      addedMessages: call.recipe.messageIds.length
    }
  const before = previous.recipe.messageIds
  const after = call.recipe.messageIds
  let common = 0
  while (common < before.length && common < after.length && before[common] === after[common]) common++
  return {
    previousCallId: previous.id,
    modelChanged: previous.model !== call.model,
    toolsChanged: previous.sections.toolsHash !== call.sections.toolsHash,
    systemChanged: previous.sections.systemHash !== call.sections.systemHash,
    commonMessages: common,
    removedMessages: before.length - common,
    addedMessages: after.length - common
  }
}
