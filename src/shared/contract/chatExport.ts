import { z } from 'zod'
import {
  CallPurpose,
  CallStatus,
  MessageKind,
  MessageRole,
  MessageStatus,
  MissReason,
  TurnOrigin,
  Usage
} from './chat'
import { AgentId, SessionId, TurnId } from './ids'
import { TitleSource } from './sessions'

/**
 * A chat exported as JSON (`chats.export` with format `json`, `hearth sessions export ID --format
 * json`). Versioned: a reader checks `format` and `version`; fields are only ever added within a
 * version. Every stored version of every turn is included: `turns` is the conversation tree and
 * `shown` marks the messages on the path the chat shows.
 */
export const CHAT_EXPORT_VERSION = 1

export const ChatExportMessage = z.object({
  id: z.number().int(),
  turnId: TurnId,
  role: MessageRole,
  kind: MessageKind,
  status: MessageStatus,
  createdAtMs: z.number(),
  /** On the path the chat shows (false: another version of a regenerated or edited turn). */
  shown: z.boolean(),
  /** The message's text blocks joined, for readers that want just the words. */
  text: z.string(),
  /** The content blocks as stored (text, tool_use, tool_result, attachment references). */
  content: z.array(z.record(z.string(), z.unknown())),
  /** Files attached to the message, by name (the bytes stay in the home's attachment store). */
  attachments: z.array(z.object({ id: z.string(), name: z.string(), mediaType: z.string() }))
})
export type ChatExportMessage = z.infer<typeof ChatExportMessage>

export const ChatExport = z.object({
  format: z.literal('hearth.chat'),
  version: z.literal(CHAT_EXPORT_VERSION),
  exportedAtMs: z.number(),
  chat: z.object({
    id: SessionId,
    title: z.string(),
    titleSource: TitleSource,
    agent: z.object({ id: AgentId, name: z.string() }),
    model: z.string(),
    cwd: z.string().nullable(),
    startedAtMs: z.number(),
    updatedAtMs: z.number(),
    endedAtMs: z.number().nullable(),
    pinnedAtMs: z.number().nullable()
  }),
  /** The conversation tree: each turn's parent, and how it came to be (sent, regenerated, edited). */
  turns: z.array(
    z.object({
      turnId: TurnId,
      parentTurnId: TurnId.nullable(),
      origin: TurnOrigin,
      /** The turn this one is a new version of (regenerate, edit); null for a first version. */
      versionOf: TurnId.nullable(),
      shown: z.boolean(),
      createdAtMs: z.number()
    })
  ),
  messages: z.array(ChatExportMessage),
  /** One row per API call, with its usage and cost. */
  calls: z.array(
    z.object({
      id: z.number().int(),
      turnId: TurnId,
      purpose: CallPurpose,
      model: z.string(),
      status: CallStatus,
      startedAtMs: z.number(),
      usage: Usage,
      costUsd: z.number(),
      missReason: MissReason.nullable()
    })
  )
})
export type ChatExport = z.infer<typeof ChatExport>
