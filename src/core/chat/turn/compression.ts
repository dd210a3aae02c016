import type { TurnId } from '../../../shared/contract'
import type Anthropic from '@anthropic-ai/sdk'
import { estimateTokens } from '../../../shared/util/tokens'
import { estimateBlockTokens } from './blockTokens'
import type { ContentBlock, SessionRecord, StoredMessage } from '../chatTypes'
import { runModelCall, type CallDeps } from './modelCall'
import { buildWireMessages, type TtlPlan, type WireMessage } from './requestBuilder'
import { rebuildPrompt, type SessionSetupDeps } from '../session/sessionSetup'

/** Starts every checkpoint message, so the model (and a reader of the transcript) knows what it is. */
/** `max_tokens` of the summary call: a checkpoint is short by design, whatever a reply may use. */
const SUMMARY_MAX_TOKENS = 2048

export const CHECKPOINT_HEADING = '[Checkpoint: summary of the earlier part of this conversation]'

export const COMPRESSION_INSTRUCTION =
  'Summarise the conversation above for your own future reference: the user’s goals, decisions made, facts learned, ' +
  'open questions and the current state of any task. Keep names, numbers, file paths and commitments exactly. ' +
  'Write plain prose and bullet points, no preamble. This summary will replace the earlier turns.'

/** Rough size of a request: what the compression trigger compares with the context window. */
export function estimateRequestTokens(session: SessionRecord, wire: readonly WireMessage[]): number {
  const messages = wire.reduce((sum, m) => sum + m.content.reduce((s, b) => s + estimateBlockTokens(b), 0), 0)
  return estimateTokens(session.systemPrompt) + estimateTokens(JSON.stringify(session.tools)) + messages
}

/**
 * The messages to summarise: everything in context before the most recent turns that are kept
 * verbatim. Two turns are kept when there are enough; at least the current turn always is.
 */
export function splitForCompression(
  messages: readonly StoredMessage[]
): { old: StoredMessage[]; keptFromId: number } | null {
  const inContext = messages.filter((m) => m.inContext)
  const turnStarts = inContext.filter((m) => m.role === 'user' && m.kind === 'text').map((m) => m.id)
  const keep = turnStarts.length >= 3 ? 2 : 1
  const keptFromId = turnStarts[turnStarts.length - keep]
  if (keptFromId === undefined) return null
  const old = inContext.filter((m) => m.kind === 'checkpoint' || m.id < keptFromId)
  const hasTurn = old.some((m) => m.kind !== 'checkpoint')
  return hasTurn ? { old, keptFromId } : null
}

export interface CompressionDeps extends CallDeps, SessionSetupDeps {}

/**
 * Summarises older turns into a checkpoint message, as a cache-safe fork of the conversation
 * (same system, tools and model; the instruction appended at the end). The raw turns stay
 * stored and searchable; only their `in_context` flag drops. The prompt is then rebuilt once,
 * so memory written during the session enters the new snapshot.
 */
export async function compressSession(
  deps: CompressionDeps,
  client: Anthropic,
  session: SessionRecord,
  turn: { turnId: TurnId; iteration: number; ttl: TtlPlan; fenceTags: readonly string[]; signal: AbortSignal }
): Promise<SessionRecord | null> {
  const split = splitForCompression(deps.repo.messages(session.id))
  if (!split) return null
  const history = buildWireMessages(split.old, null)
  const instruction: ContentBlock = { type: 'text', text: COMPRESSION_INSTRUCTION }
  const last = history.at(-1)
  const wire: WireMessage[] =
    last?.role === 'user'
      ? [...history.slice(0, -1), { ...last, content: [...last.content, instruction] }]
      : [...history, { role: 'user', content: [instruction], sourceIds: [], contextBlocks: 0 }]
  const ignore = { started: () => undefined, text: () => undefined, progress: () => undefined }
  const done = await runModelCall(
    deps,
    client,
    {
      session,
      turnId: turn.turnId,
      iteration: turn.iteration,
      purpose: 'compression',
      wire,
      recipe: {
        maxTokens: SUMMARY_MAX_TOKENS,
        context: [],
        contextMessageId: null,
        instruction: COMPRESSION_INSTRUCTION
      },
      ttl: turn.ttl,
      fenceTags: turn.fenceTags
    },
    ignore,
    turn.signal
  )
  const summary = done.content
    .flatMap((b) => (b.type === 'text' ? [b.text] : []))
    .join('\n')
    .trim()
  if (summary.length === 0) return null
  const now = deps.clock.now()
  deps.repo.appendMessage({
    sessionId: session.id,
    turnId: turn.turnId,
    role: 'user',
    kind: 'checkpoint',
    content: [{ type: 'text', text: `${CHECKPOINT_HEADING}\n\n${summary}` }],
    status: 'complete',
    nowMs: now
  })
  deps.repo.retireMessages(split.old.map((m) => m.id))
  return rebuildPrompt(deps, session, { model: session.model, reason: 'compressed' })
}
