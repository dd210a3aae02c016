import { z } from 'zod'
import { method } from './define'
import { AgentId, MessageId, SessionId } from './ids'
import { SessionSummary } from './sessions'

/** The longest chat name the list and header can show without it turning into a paragraph. */
export const CHAT_TITLE_MAX = 120

/** A chat name the user types: trimmed, one line, not blank, not a paragraph. */
export const ChatTitle = z
  .string()
  .transform((text) => text.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .min(1, 'A chat name cannot be blank')
      .max(CHAT_TITLE_MAX, `A chat name is at most ${CHAT_TITLE_MAX} characters`)
  )

/** One chat found by `chats.search`: where it is, what it is called, and the best match in it. */
export const ChatSearchHit = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  agentName: z.string(),
  title: z.string(),
  /** The matching message (opened and scrolled to), or null when only the title matched. */
  messageId: MessageId.nullable(),
  role: z.string().nullable(),
  /**
   * The match in context, cut into plain runs and matched runs. Text only: the UI wraps matched
   * runs in <mark> itself, so nothing in a message is ever read as markup.
   */
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
  /** When the matching message was written (or the chat last changed, for a title match). */
  atMs: z.number()
})
export type ChatSearchHit = z.infer<typeof ChatSearchHit>

export const ChatExportFormat = z.enum(['md', 'json'])
export type ChatExportFormat = z.infer<typeof ChatExportFormat>

/** A chat exported as a file: its suggested name, its media type and its text. */
export const ChatExportFile = z.object({
  fileName: z.string(),
  mediaType: z.enum(['text/markdown', 'application/json']),
  text: z.string()
})
export type ChatExportFile = z.infer<typeof ChatExportFile>

/** Something about a chat changed (a name, a pin, the trash): lists showing it reload. */
export const ChatChanged = z.object({
  sessionId: SessionId,
  agentId: AgentId,
  change: z.enum(['renamed', 'titled', 'pinned', 'unpinned', 'trashed', 'restored', 'purged'])
})
export type ChatChanged = z.infer<typeof ChatChanged>

export const chatLibraryEvents = {
  'chats.changed': ChatChanged
} as const

const ById = z.object({ id: SessionId })

export const chatsMethods = {
  /** Names a chat; the name is the user's from then on (a generated title never replaces it). */
  'chats.rename': method(z.object({ id: SessionId, title: ChatTitle }), SessionSummary),
  /** Pinned chats sit at the top of their agent's list, most recently pinned first. */
  'chats.pin': method(z.object({ id: SessionId, pinned: z.boolean() }), SessionSummary),
  /**
   * Moves a chat to the trash: out of every list and search, every row kept. Refused while it is
   * answering (Stop first).
   */
  'chats.delete': method(ById, SessionSummary),
  'chats.restore': method(ById, SessionSummary),
  /** Deletes a chat in the trash for good: its messages, calls, versions and prompt history. */
  'chats.purge': method(ById, z.object({ id: SessionId })),
  /** The chats in the trash, most recently deleted first. */
  'chats.trash': method(z.object({ agentId: AgentId.optional() }), z.array(SessionSummary)),
  /** Finds chats of every agent (or one) by title and message text; one hit per chat, best first. */
  'chats.search': method(
    z.object({
      query: z.string().trim().min(1, 'Type something to search for').max(500),
      agentId: AgentId.optional(),
      limit: z.number().int().min(1).max(100).optional()
    }),
    z.object({ hits: z.array(ChatSearchHit) })
  ),
  /** The chat as a Markdown document or as JSON in the `ChatExport` shape. */
  'chats.export': method(z.object({ id: SessionId, format: ChatExportFormat }), ChatExportFile)
} as const
