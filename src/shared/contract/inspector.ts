import { z } from 'zod'
import { CallPurpose, CallStatus, MessageRole, MissReason, Usage } from './chat'
import { CallContextBlock } from './callContext'
import { method } from './define'
import { MessageId, SessionId, TurnId } from './ids'
import { MessageDiff, RequestDiff } from './requestDiff'
import { SystemTierSpan } from './sessions'
import { CacheTtl } from './settings'

/** One message of a request as sent: its role, its content blocks and the stored messages it was built from. */
export const RequestMessage = z.object({
  role: MessageRole,
  content: z.array(z.record(z.string(), z.unknown())),
  sourceIds: z.array(MessageId)
})
export type RequestMessage = z.infer<typeof RequestMessage>

/** An attachment a request carried, as its reference block names it (read from the home at send time). */
export const AttachmentRef = z.object({
  id: z.string(),
  name: z.string(),
  mediaType: z.string(),
  bytes: z.number()
})
export type AttachmentRef = z.infer<typeof AttachmentRef>

export const InspectedCall = z.object({
  callId: z.number().int(),
  iteration: z.number().int(),
  purpose: CallPurpose,
  model: z.string(),
  status: CallStatus,
  error: z.string().nullable(),
  startedAtMs: z.number(),
  usage: Usage,
  costUsd: z.number(),
  expectedRead: z.number().int(),
  missReason: MissReason.nullable(),
  promptVersion: z.number().int(),
  /** The request as sent, rebuilt from stored rows and the per-turn blocks the call record kept. */
  request: z.object({
    model: z.string(),
    maxTokens: z.number().int(),
    ttl: CacheTtl,
    system: z.array(SystemTierSpan.extend({ source: z.string() })),
    tools: z.array(
      z.object({ name: z.string(), description: z.string(), inputSchema: z.unknown(), marked: z.boolean() })
    ),
    /**
     * The request's newest messages, in order: a long chat's whole history would be megabytes, so
     * the earlier ones are read a page at a time through `inspector.requestMessages`.
     */
    messages: z.array(RequestMessage),
    /** How many messages the request sent in all; `messages` are the last of them. */
    messageCount: z.number().int().min(0),
    /** Every attachment in the whole request, listed or not. */
    attachments: z.array(AttachmentRef),
    /** The deferred tools the model called through `tool_call` anywhere in the request. */
    bridgeCalls: z.array(z.string()),
    context: z.array(CallContextBlock),
    breakpoints: z.array(
      z.object({
        kind: z.string(),
        position: z.number().int(),
        messageIndex: z.number().int().nullable(),
        blockIndex: z.number().int().nullable(),
        estimatedTokens: z.number().int(),
        /** The marker's TTL and why it got it (null on calls recorded before markers carried their own). */
        ttl: CacheTtl.nullable(),
        ttlReason: z.string().nullable()
      })
    ),
    instruction: z.string().nullable()
  }),
  diff: z.object({
    previousCallId: z.number().int().nullable(),
    modelChanged: z.boolean(),
    toolsChanged: z.boolean(),
    systemChanged: z.boolean(),
    /** Messages identical at the start of both requests. */
    commonMessages: z.number().int(),
    removedMessages: z.number().int(),
    addedMessages: z.number().int()
  }),
  /** Block by block against the previous call's request (null for the session's first call). */
  requestDiff: RequestDiff.nullable()
})
export type InspectedCall = z.infer<typeof InspectedCall>

/** One call's request or diff, a page at a time: the page ends before position `before` (0-based). */
const PageQuery = z.object({
  sessionId: SessionId,
  callId: z.number().int().min(1),
  before: z.number().int().min(0)
})

export const inspectorMethods = {
  /**
   * Every API call of one turn, with usage, miss reason, the request (its newest messages, with
   * how many there are) and the diff against the call before (its newest changes, with counts).
   */
  'inspector.turn': method(
    z.object({ sessionId: SessionId, turnId: TurnId }),
    z.object({ turnId: TurnId, calls: z.array(InspectedCall) })
  ),
  /** Up to `limit` messages of a call's request just before message `before`: those at `from`…`before - 1`. */
  'inspector.requestMessages': method(
    PageQuery.extend({ limit: z.number().int().min(1).max(500) }),
    z.object({ callId: z.number().int(), from: z.number().int(), messages: z.array(RequestMessage) })
  ),
  /**
   * Up to `limit` changed, new or gone message positions of a call's diff before position
   * `before`, newest last; `from` is the earliest position the page covers (0 when no change
   * comes before it), and every position from `from` to `before - 1` not listed was kept.
   */
  'inspector.diffMessages': method(
    PageQuery.extend({ limit: z.number().int().min(1).max(200) }),
    z.object({ callId: z.number().int(), from: z.number().int(), messages: z.array(MessageDiff) })
  )
} as const
