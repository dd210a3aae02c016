import type { MessageId, SessionId, TurnId } from '../../../shared/contract'
import type Anthropic from '@anthropic-ai/sdk'
import type { CallSummary } from '../../../shared/contract/chat'
import type { EventHub } from '../../events'
import type { ToolCatalog, ToolDefinition } from '../../tools/toolTypes'
import type { RequestRecipe } from '../store/callRepository'
import type { CallUsage, SessionRecord, StoredMessage, ToolUseBlock } from '../chatTypes'
import { describeModelError, TurnStopped } from './chatErrors'
import { compressSession, estimateRequestTokens, type CompressionDeps } from './compression'
import { CallFailed, runModelCall, type CallDone } from './modelCall'
import { ReplyWriter, type ReplyWriterOptions } from './replyWriter'
import { buildWireMessages, type TtlPlan } from './requestBuilder'
import { runToolCalls, type ToolCallSummary } from './toolStep'

export interface TurnDeps extends CompressionDeps {
  readonly events: EventHub
  readonly catalog: ToolCatalog | undefined
  readonly flush: ReplyWriterOptions
  readonly maxIterations: number
  /** Compress when a request is estimated above this many tokens. */
  readonly compressAtTokens: (model: string) => number
  /** `max_tokens` of a reply call, read at each call (the `maxOutputTokens` setting). */
  readonly maxOutputTokens: () => number
}

/** One running turn: the user message is already stored when this exists. */
export interface ActiveTurn {
  readonly turnId: TurnId
  readonly userMessageId: MessageId
  session: SessionRecord
  readonly client: Anthropic
  readonly signal: AbortSignal
  readonly ttl: TtlPlan
  /** Sanitised fenced blocks appended to the user message at call time (kept in the call record, never in the transcript). */
  readonly contextTexts: readonly string[]
  readonly contextSummary: RequestRecipe['context']
  readonly fenceTags: readonly string[]
  /**
   * The chosen path's messages as storing the user message left them: the first call builds from
   * these instead of reading a long chat a second time, unless a message was stored since.
   */
  readonly transcript?: readonly StoredMessage[]
}

export interface TurnResult {
  readonly sessionId: SessionId
  readonly turnId: TurnId
  readonly text: string
  readonly stopReason: string
  readonly usage: CallSummary['usage']
  readonly costUsd: number
  readonly calls: readonly CallSummary[]
  readonly toolCalls: readonly ToolCallSummary[]
  readonly compressed: boolean
}

/** A failed turn; `partial` says whether any reply text is stored (marked). */
export class TurnFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly partialKept: boolean,
    readonly progress: TurnProgress
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.name = 'TurnFailure'
  }
}

export interface TurnProgress {
  readonly texts: string[]
  readonly calls: CallSummary[]
  readonly toolCalls: ToolCallSummary[]
  compressed: boolean
}

/**
 * The tool loop of one turn: call the model, store the reply as it streams, run the tools it
 * asked for, store their results, and call again — until the model stops asking, the user
 * stops, or the iteration cap is hit. Compression runs before a call that would come too close
 * to the context window.
 */
export async function executeTurn(deps: TurnDeps, turn: ActiveTurn): Promise<TurnResult> {
  const progress: TurnProgress = { texts: [], calls: [], toolCalls: [], compressed: false }
  let definitions: Promise<readonly ToolDefinition[]> | null = null
  const loadDefinitions = (): Promise<readonly ToolDefinition[]> =>
    (definitions ??= deps.catalog
      ? deps.catalog.sessionTools(turn.session.agentId, { cwd: turn.session.cwd })
      : Promise.resolve([]))
  for (let iteration = 0; iteration < deps.maxIterations; iteration++) {
    const done = await callOnce(deps, turn, iteration, progress)
    const toolUses = done.content.filter((b): b is ToolUseBlock => b.type === 'tool_use')
    if (done.stopReason !== 'tool_use' || toolUses.length === 0)
      return result(turn, progress, done.stopReason ?? 'end_turn')
    const context = {
      agentId: turn.session.agentId,
      sessionId: turn.session.id,
      turnId: turn.turnId,
      signal: turn.signal
    }
    const { results, summaries } = await runToolCalls(
      toolUses,
      deps.catalog,
      loadDefinitions,
      context,
      deps.events
    )
    progress.toolCalls.push(...summaries)
    deps.repo.appendMessage({
      sessionId: turn.session.id,
      turnId: turn.turnId,
      role: 'user',
      kind: 'tool_results',
      content: results,
      status: 'complete',
      nowMs: deps.clock.now()
    })
    if (turn.signal.aborted) throw new TurnFailure(new TurnStopped(), true, progress)
  }
  return result(turn, progress, 'iteration_limit')
}

/**
 * The message the per-turn blocks ride on in this call: the turn's newest user message (its tool
 * results, after the first call). Kept after the cached prefix this way, the blocks never end up
 * inside a prefix the cache writes, so the next turn — which no longer sends them — reads the whole
 * tool loop from the cache instead of writing it again.
 */
function contextCarrier(stored: readonly StoredMessage[], turn: ActiveTurn): MessageId {
  const newest = stored.findLast(
    (m) => m.role === 'user' && m.inContext && m.turnId === turn.turnId && m.id >= turn.userMessageId
  )
  return newest?.id ?? turn.userMessageId
}

async function callOnce(
  deps: TurnDeps,
  turn: ActiveTurn,
  iteration: number,
  progress: TurnProgress
): Promise<CallDone> {
  const stored =
    (await compressIfNeeded(deps, turn, iteration, progress)) ?? deps.repo.messages(turn.session.id)
  const contextMessageId = turn.contextTexts.length > 0 ? contextCarrier(stored, turn) : null
  const wire = buildWireMessages(
    stored,
    contextMessageId === null ? null : { messageId: contextMessageId, texts: turn.contextTexts }
  )
  const writer = new ReplyWriter(
    deps.repo,
    deps.clock,
    { sessionId: turn.session.id, turnId: turn.turnId },
    deps.flush
  )
  const recipe = {
    maxTokens: deps.maxOutputTokens(),
    context: turn.contextSummary,
    contextMessageId
  }
  try {
    const done = await runModelCall(
      deps,
      turn.client,
      {
        session: turn.session,
        turnId: turn.turnId,
        iteration,
        purpose: 'turn',
        wire,
        recipe,
        ttl: turn.ttl,
        fenceTags: turn.fenceTags
      },
      {
        started: () => writer.start(),
        text: (text) =>
          deps.events.emit('chat.delta', {
            sessionId: turn.session.id,
            turnId: turn.turnId,
            messageId: writer.start(),
            text
          }),
        progress: (content) => writer.progress(content)
      },
      turn.signal
    )
    writer.complete(done.content, done.usage)
    progress.calls.push(summary(done.callId, done.usage, done.costUsd, done.missReason))
    const text = done.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('')
    if (text.length > 0) progress.texts.push(text)
    return done
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error
    const stopped = turn.signal.aborted
    const message = stopped
      ? 'Stopped by the user'
      : describeModelError(error.cause, error.started, [turn.client.apiKey]).message
    writer.fail(error.partial, stopped ? 'partial' : 'error', message, null)
    const partialText = error.partial.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('')
    if (partialText.length > 0) progress.texts.push(partialText)
    const kept = writer.messageId !== null
    throw new TurnFailure(
      stopped ? new TurnStopped() : describeModelError(error.cause, error.started, [turn.client.apiKey]),
      kept,
      progress
    )
  }
}

/**
 * Compresses the session first when the next call would come too close to the context window.
 * Returns the stored messages it read when nothing changed (the call then builds from them
 * instead of reading a long chat twice), or null after a compression changed them.
 */
async function compressIfNeeded(
  deps: TurnDeps,
  turn: ActiveTurn,
  iteration: number,
  progress: TurnProgress
): Promise<readonly StoredMessage[] | null> {
  const stored =
    (iteration === 0 ? unchangedTranscript(deps, turn) : null) ?? deps.repo.messages(turn.session.id)
  const wire = buildWireMessages(stored, null)
  if (estimateRequestTokens(turn.session, wire) < deps.compressAtTokens(turn.session.model)) return stored
  const rebuilt = await compressSession(deps, turn.client, turn.session, {
    turnId: turn.turnId,
    iteration,
    ttl: turn.ttl,
    fenceTags: turn.fenceTags,
    signal: turn.signal
  })
  if (!rebuilt) return null
  turn.session = rebuilt
  progress.compressed = true
  return null
}

/**
 * The transcript read when the turn was stored, if no message has been stored in the session
 * since (this process stores none while the turn is answering; another process might).
 */
function unchangedTranscript(deps: TurnDeps, turn: ActiveTurn): readonly StoredMessage[] | null {
  const newest = turn.transcript?.at(-1)
  if (!turn.transcript || !newest) return null
  return deps.repo.newestMessageId(turn.session.id) === newest.id ? turn.transcript : null
}

function summary(
  callId: number,
  usage: CallUsage,
  costUsd: number,
  missReason: CallSummary['missReason']
): CallSummary {
  return { callId, usage: publicUsage(usage), costUsd, missReason }
}

export function publicUsage(usage: CallUsage): CallSummary['usage'] {
  return {
    input_tokens: usage.input_tokens,
    output_tokens: usage.output_tokens,
    cache_creation_input_tokens: usage.cache_creation_input_tokens,
    cache_read_input_tokens: usage.cache_read_input_tokens
  }
}

/** Sums the usage of several calls (each call's own figures, never start+delta). */
export function sumUsage(calls: readonly CallSummary[]): CallSummary['usage'] {
  return calls.reduce(
    (sum, call) => ({
      input_tokens: sum.input_tokens + call.usage.input_tokens,
      output_tokens: sum.output_tokens + call.usage.output_tokens,
      cache_creation_input_tokens: sum.cache_creation_input_tokens + call.usage.cache_creation_input_tokens,
      cache_read_input_tokens: sum.cache_read_input_tokens + call.usage.cache_read_input_tokens
    }),
    { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }
  )
}

function result(turn: ActiveTurn, progress: TurnProgress, stopReason: string): TurnResult {
  const usage = sumUsage(progress.calls)
  return {
    sessionId: turn.session.id,
    turnId: turn.turnId,
    text: progress.texts.join('\n\n'),
    stopReason,
    usage,
    costUsd: progress.calls.reduce((sum, call) => sum + call.costUsd, 0),
    calls: progress.calls,
    toolCalls: progress.toolCalls,
    compressed: progress.compressed
  }
}
