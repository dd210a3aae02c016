import { z } from 'zod'
import { MESSAGE_MAX_CHARS } from './constants'
import { method } from './define'
import { AgentId, MessageId, SessionId, TurnId } from './ids'

/** Token usage of one call or summed over a turn, with the API's own field names. */
export const Usage = z.object({
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
  cache_creation_input_tokens: z.number().int(),
  cache_read_input_tokens: z.number().int()
})
export type Usage = z.infer<typeof Usage>

/** Why a call read less from the prompt cache than it could have. */
export const MissReason = z.enum([
  'first_call',
  'below_minimum',
  'prompt_rebuilt',
  'model_switched',
  'tools_changed',
  'ttl_expired',
  'history_changed',
  'unexplained'
])
export type MissReason = z.infer<typeof MissReason>

/** An attachment is named by the sha256 of its bytes. */
export const AttachmentId = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'An attachment id is the sha256 of its bytes (64 hex digits)')

/** Who a stored message is from. */
export const MessageRole = z.enum(['user', 'assistant'])
export type MessageRole = z.infer<typeof MessageRole>

/** text = what the user typed; tool_results = the engine's answers to tool calls; reply = the model; checkpoint = a compression summary. */
export const MessageKind = z.enum(['text', 'tool_results', 'reply', 'checkpoint'])
export type MessageKind = z.infer<typeof MessageKind>

/** streaming = being written now; partial = stopped by the user; error = the stream failed; interrupted = the process died. */
export const MessageStatus = z.enum(['streaming', 'complete', 'partial', 'interrupted', 'error'])
export type MessageStatus = z.infer<typeof MessageStatus>

/** How a model call ended (streaming while it runs; interrupted when its process died). */
export const CallStatus = z.enum(['streaming', 'ok', 'error', 'aborted', 'interrupted'])
export type CallStatus = z.infer<typeof CallStatus>

/** How a turn came to be: sent by the user, or a new version of an earlier turn (regenerated, or its message edited). */
export const TurnOrigin = z.enum(['send', 'regenerate', 'edit'])
export type TurnOrigin = z.infer<typeof TurnOrigin>

/** Why a call was made: a turn of the conversation or compressing its history. */
export const CallPurpose = z.enum(['turn', 'compression'])
export type CallPurpose = z.infer<typeof CallPurpose>

export { MESSAGE_MAX_CHARS } from './constants'

export const ChatSendInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'A message needs some text')
    .max(MESSAGE_MAX_CHARS, `A message has at most ${MESSAGE_MAX_CHARS.toLocaleString('en-US')} characters`),
  /** Omitted: continue `sessionId`, or start a session of the default agent. */
  agentId: AgentId.optional(),
  sessionId: SessionId.optional(),
  cwd: z.string().min(1).max(4096).optional(),
  /** Switching the model of an existing session rebuilds its prompt (and costs a cache write). */
  model: z.string().min(1).max(200).optional(),
  /** Images, PDFs and text files added with `attachments.add`, sent with this message (by content hash). */
  attachments: z.array(AttachmentId).max(20, 'One message can carry at most 20 attachments').optional()
})
export type ChatSendInput = z.infer<typeof ChatSendInput>

export const chatMethods = {
  /** Stores the user message and starts the turn; progress arrives as chat.* events. */
  'chat.send': method(ChatSendInput, z.object({ turnId: TurnId, sessionId: SessionId })),
  /**
   * Runs the session's failed last turn again on the user message already stored (never a
   * second copy); replies that broke off stay in the transcript but leave the model's context.
   */
  'chat.retry': method(
    z.object({ sessionId: SessionId }),
    z.object({ turnId: TurnId, sessionId: SessionId })
  ),
  /** Stops a running turn; the partial reply is kept and marked. */
  'chat.cancel': method(z.object({ turnId: TurnId }), z.object({ cancelled: z.boolean() }))
} as const

export const ChatDelta = z.object({
  sessionId: SessionId,
  turnId: TurnId,
  messageId: MessageId,
  text: z.string()
})

export const ChatToolCall = z.object({
  sessionId: SessionId,
  turnId: TurnId,
  toolUseId: z.string(),
  name: z.string(),
  displayName: z.string(),
  input: z.unknown(),
  phase: z.enum(['started', 'finished']),
  ok: z.boolean().nullable(),
  /** The result as the model reads it (cut to 4,000 characters for display). */
  result: z.string().nullable()
})

export const CallSummary = z.object({
  callId: z.number().int(),
  usage: Usage,
  costUsd: z.number(),
  missReason: MissReason.nullable()
})
export type CallSummary = z.infer<typeof CallSummary>

export const ChatFinished = z.object({
  sessionId: SessionId,
  turnId: TurnId,
  text: z.string(),
  /** end_turn, max_tokens, … or `stopped` (user), `iteration_limit`. */
  stopReason: z.string(),
  usage: Usage,
  costUsd: z.number(),
  calls: z.array(CallSummary),
  compressed: z.boolean()
})
export type ChatFinished = z.infer<typeof ChatFinished>

export const ChatFailed = z.object({
  sessionId: SessionId,
  turnId: TurnId,
  code: z.string(),
  message: z.string(),
  /** True when part of a reply arrived and is stored (marked). */
  partialKept: z.boolean()
})
export type ChatFailed = z.infer<typeof ChatFailed>

/** The chat.* events, merged into `events` in events.ts. */
export const chatEvents = {
  'chat.delta': ChatDelta,
  'chat.toolCall': ChatToolCall,
  'chat.finished': ChatFinished,
  'chat.failed': ChatFailed
} as const
