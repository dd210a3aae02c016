import { z } from 'zod'
import { CallSummary, MessageKind, MessageRole, MessageStatus, Usage } from './chat'
import { method } from './define'
import { ChatBehindFile } from './chatBehindFile'
import { FileTarget } from './files'
import { AgentId, MessageId, SessionId, TurnId } from './ids'
import { ImportSource } from './importSource'
import { PromptTier } from './prompt'
import { SessionEndReport } from './sessionEnd'

export const SessionTotals = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  cacheWriteTokens: z.number().int(),
  cacheReadTokens: z.number().int(),
  costUsd: z.number(),
  /** Dollars prompt caching saved compared with sending every token uncached. */
  savedUsd: z.number()
})

/** Where a chat's title came from: its first message, generated after the first exchange, or the user. */
export const TitleSource = z.enum(['first-message', 'generated', 'user'])
export type TitleSource = z.infer<typeof TitleSource>

export const SessionSummary = z.object({
  id: SessionId,
  agentId: AgentId,
  title: z.string(),
  titleSource: TitleSource,
  /** When the chat was pinned to the top of its agent's list; null when it is not. */
  pinnedAtMs: z.number().nullable(),
  /** When the chat went to the trash; null for a live chat. */
  deletedAtMs: z.number().nullable(),
  cwd: z.string().nullable(),
  model: z.string(),
  provider: z.string(),
  startedAtMs: z.number(),
  updatedAtMs: z.number(),
  endedAtMs: z.number().nullable(),
  /** An imported chat: the runtime it came from (its times are the original ones). Null for a chat held here. */
  importedFrom: ImportSource.nullable().default(null),
  totals: SessionTotals
})
export type SessionSummary = z.infer<typeof SessionSummary>

export const StoredMessageView = z.object({
  id: MessageId,
  turnId: TurnId,
  role: MessageRole,
  kind: MessageKind,
  /** Content blocks exactly as stored (text, tool_use, tool_result). */
  content: z.array(z.record(z.string(), z.unknown())),
  status: MessageStatus,
  error: z.string().nullable(),
  inContext: z.boolean(),
  createdAtMs: z.number()
})
export type StoredMessageView = z.infer<typeof StoredMessageView>

export const TurnView = z.object({
  turnId: TurnId,
  usage: Usage,
  costUsd: z.number(),
  /** Share of the turn's input read from cache, 0–1. */
  cacheReadShare: z.number(),
  calls: z.array(CallSummary)
})
export type TurnView = z.infer<typeof TurnView>

export const SystemTierSpan = z.object({
  tier: PromptTier,
  start: z.number().int(),
  end: z.number().int(),
  text: z.string()
})

/** Where one part of the frozen prompt came from (the chat header names the rules file from this). */
export const SessionPromptLayer = z.object({
  id: z.string(),
  tier: PromptTier,
  source: z.string().nullable(),
  chars: z.number().int(),
  tokens: z.number().int(),
  truncated: z.boolean(),
  blocked: z.array(z.string()),
  /** What of this layer was kept from the model or cut, and why, one sentence each (the chat header shows them). */
  withheld: z.array(z.string())
})
export type SessionPromptLayer = z.infer<typeof SessionPromptLayer>

/** The versions at one position of the shown conversation (regenerated replies, edited messages). */
export const VersionGroupView = z.object({
  /** The version shown. */
  turnId: TurnId,
  /** Every version at this position, oldest first. */
  versionTurnIds: z.array(TurnId),
  /** True when the versions differ in the user's message (an edit), false when only the reply does. */
  messageEdited: z.boolean()
})
export type VersionGroupView = z.infer<typeof VersionGroupView>

export const SessionDetail = SessionSummary.extend({
  systemPrompt: z.string(),
  promptVersion: z.number().int(),
  promptTiers: z.array(SystemTierSpan),
  promptLayers: z.array(SessionPromptLayer),
  promptWarnings: z.array(z.string()),
  toolNames: z.array(z.string()),
  /** The chosen path's messages (other versions are left out; see `versions`). */
  messages: z.array(StoredMessageView),
  /** Usage per turn, from the calls that reached the model (a call refused before it ran has none). */
  turns: z.array(TurnView),
  /** The failed last turn that Retry would run again, with why it failed; null when there is none. */
  retry: z.object({ turnId: TurnId, error: z.string().nullable() }).nullable(),
  versions: z.array(VersionGroupView),
  /** Turns summarised into the checkpoint in context: they cannot be edited or regenerated. */
  lockedTurnIds: z.array(TurnId),
  /** Turns of the chosen path before `messages` (asked for its tail only); 0 when every turn is there. */
  earlierTurns: z.number().int().min(0)
})
export type SessionDetail = z.infer<typeof SessionDetail>

export const SearchHit = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  messageId: MessageId,
  role: z.string(),
  /** The chat's title, so a hit can be placed without another call. */
  title: z.string(),
  snippet: z.string(),
  createdAtMs: z.number()
})
export type SearchHit = z.infer<typeof SearchHit>

export const CacheBreakEstimate = z.object({
  model: z.string(),
  /** Estimated tokens of system + tools + history that would be written again. */
  prefixTokens: z.number().int(),
  /** Extra dollars on the next call compared with a cache read. */
  extraCostUsd: z.number()
})

export {
  SessionEndHookResult,
  SessionEndProgress,
  SessionEndReason,
  SessionEnded,
  sessionEvents
} from './sessionEnd'

/** Where the next page of the chat list starts: after this chat, in the list's order. */
export const SessionCursor = z.object({
  pinnedAtMs: z.number().int().nullable(),
  updatedAtMs: z.number().int(),
  id: SessionId
})
export type SessionCursor = z.infer<typeof SessionCursor>

export const SessionListQuery = z.object({
  agentId: AgentId.optional(),
  /** Only chats brought in by an import. */
  imported: z.boolean().optional(),
  limit: z.number().int().min(1).max(1000).optional(),
  after: SessionCursor.optional()
})
export type SessionListQuery = z.infer<typeof SessionListQuery>

export const SessionPage = z.object({
  items: z.array(SessionSummary),
  /** How many chats match in all, over every page. */
  total: z.number().int().min(0),
  next: SessionCursor.nullable()
})
export type SessionPage = z.infer<typeof SessionPage>

export const sessionMethods = {
  /**
   * Live chats a page at a time, pinned first (the latest pin first), then the latest activity,
   * then id: at most `limit` (100 when not given) from `after`; `next` is the `after` of the
   * following page, null on the last. `total` counts every chat the filter matches.
   */
  'sessions.list': method(SessionListQuery, SessionPage),
  'sessions.get': method(
    z.object({
      id: SessionId,
      /** Only the newest turns holding at least this many messages (`earlierTurns` counts the rest); all without it. */
      tail: z.number().int().min(1).max(10_000).optional()
    }),
    SessionDetail
  ),
  'sessions.search': method(
    z.object({
      query: z.string().trim().min(1, 'Type something to search for').max(500),
      agentId: AgentId.optional(),
      limit: z.number().int().min(1).max(200).optional()
    }),
    z.object({ hits: z.array(SearchHit) })
  ),
  /**
   * Ends the session and runs the session-end hooks (retention, Nexus summary), reporting each as
   * `sessions.endProgress` and the whole as `sessions.ended`. An ended session takes no new turns.
   */
  'sessions.end': method(z.object({ id: SessionId }), SessionEndReport),
  /** Runs the end work (retention, the Nexus summary) a session skipped when it closed on quit or idle. */
  'sessions.runSkippedEndWork': method(z.object({ id: SessionId }), SessionEndReport),
  /** Rebuilds the frozen prompt from the files now on disk; the next call writes the cache again. */
  'sessions.rebuildPrompt': method(z.object({ id: SessionId }), SessionDetail),
  /**
   * What an action that breaks the cache would cost on the next call: switching model, rebuilding
   * the prompt, or (with `cwd`; null = no project) moving to another project folder, which starts
   * a new session.
   */
  'sessions.cacheBreakCost': method(
    z.object({
      id: SessionId,
      model: z.string().min(1).max(200).optional(),
      cwd: z.string().min(1).max(4096).nullable().optional()
    }),
    CacheBreakEstimate
  ),
  /**
   * The open chats (not ended, not in the trash) whose frozen prompt predates the file's current
   * text, with what rebuilding each would cost; empty for a file no prompt reads.
   */
  'sessions.behindFile': method(
    z.object({ target: FileTarget }),
    z.object({ chats: z.array(ChatBehindFile) })
  )
} as const
