import type { SessionId, TurnId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readOptionalRow, readRow } from '../../node/db/rowReader'
import type { Transcript, TranscriptMessage, Transcripts, TurnOutline } from '../../ports/transcripts'
import type { ContentBlock } from '../chatTypes'
import type { SessionRepository } from './sessionRepository'

/**
 * The Transcripts port over chat's own tables: what retention, the Nexus and memory may read of
 * a session. The few lookups that run often (one per tool call) are single prepared statements.
 */
export function chatTranscripts(db: Db, sessions: SessionRepository): Transcripts {
  const turnRequest = db.prepare(
    "SELECT search_text FROM messages WHERE session_id = ? AND turn_id = ? AND role = 'user' AND kind = 'text' ORDER BY id LIMIT 1"
  )
  const turnStart = db.prepare(
    "SELECT id FROM messages WHERE session_id = ? AND turn_id = ? AND role = 'user' ORDER BY id LIMIT 1"
  )
  const latestCheckpoint = db.prepare(
    "SELECT search_text FROM messages WHERE session_id = ? AND kind = 'checkpoint' ORDER BY id DESC LIMIT 1"
  )
  const userTurns = db.prepare(
    "SELECT COUNT(*) AS n FROM messages WHERE session_id = ? AND role = 'user' AND kind = 'text'"
  )
  const lastReply = db.prepare(
    "SELECT search_text FROM messages WHERE session_id = ? AND role = 'assistant' AND search_text <> '' ORDER BY id DESC LIMIT 1"
  )
  const title = db.prepare("SELECT NULLIF(title, '') AS title FROM sessions WHERE id = ?")
  // Counted as the chat shows messages: user texts and replies, the first one is number 1.
  const messageNumber = db.prepare(
    "SELECT (SELECT COUNT(*) FROM messages m WHERE m.session_id = src.session_id AND m.kind IN ('text', 'reply') AND m.id <= src.id) AS n FROM messages src WHERE src.session_id = ? AND src.id = ?"
  )
  const textOf = (row: unknown): string | undefined =>
    readOptionalRow(row, 'messages', (read) => read.text('search_text'))
  return {
    agentOf: (sessionId) => sessions.getSession(sessionId)?.agentId,
    outline: (sessionId) => {
      const session = sessions.getSession(sessionId)
      if (!session) return undefined
      return {
        agentId: session.agentId,
        title: session.title,
        startedAtMs: session.startedAtMs,
        userTurns: readRow(userTurns.get(sessionId), 'messages').int('n'),
        lastReply: textOf(lastReply.get(sessionId)) ?? ''
      }
    },
    turnRequest: (sessionId, turnId) => textOf(turnRequest.get(sessionId, turnId)),
    turnMessageId: (sessionId, turnId) =>
      readOptionalRow(turnStart.get(sessionId, turnId), 'messages', (row) => row.messageId('id')),
    turnOutline: (sessionId, turnId) => turnOutlineOf(sessions, sessionId, turnId),
    latestCheckpoint: (sessionId) => textOf(latestCheckpoint.get(sessionId)),
    transcript: (sessionId) => transcriptOf(sessions, sessionId),
    provenance: (sessionId, messageId) => ({
      sessionTitle:
        readOptionalRow(title.get(sessionId), 'sessions', (row) => row.textOrNull('title')) ?? null,
      messageNumber:
        messageId !== null
          ? (readOptionalRow(messageNumber.get(sessionId, messageId), 'messages', (row) => row.int('n')) ??
            null)
          : null
    })
  }
}

function transcriptOf(sessions: SessionRepository, sessionId: SessionId): Transcript | undefined {
  const session = sessions.getSession(sessionId)
  if (!session) return undefined
  const messages: TranscriptMessage[] = []
  for (const message of sessions.messages(sessionId)) {
    if (message.kind === 'tool_results' || message.status === 'streaming') continue
    const text = plainText(message.content)
    if (text !== '')
      messages.push({ id: String(message.id), role: message.role === 'user' ? 'user' : 'agent', text })
  }
  return { sessionId, agentId: session.agentId, importId: session.importId, messages }
}

/** What was asked, the tools called with their outcome, and the reply's text, for one turn. */
function turnOutlineOf(
  sessions: SessionRepository,
  sessionId: SessionId,
  turnId: TurnId
): TurnOutline | undefined {
  // Every version of a turn has its own id, so the turn is found whichever version is shown.
  const messages = sessions.turnMessages(sessionId, turnId)
  if (messages.length === 0) return undefined
  const failed = new Set(
    messages.flatMap((message) =>
      message.content.flatMap((block) =>
        block.type === 'tool_result' && block.is_error ? [block.tool_use_id] : []
      )
    )
  )
  const texts = (kind: 'text' | 'reply'): string =>
    messages
      .filter((message) => message.kind === kind)
      .flatMap((message) => message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])))
      .join('\n\n')
  return {
    request: texts('text'),
    reply: texts('reply'),
    tools: messages.flatMap((message) =>
      message.content.flatMap((block) =>
        block.type === 'tool_use' ? [{ name: block.name, input: block.input, ok: !failed.has(block.id) }] : []
      )
    )
  }
}

/** The words of a message; a tool call reads as a one-line marker. */
function plainText(blocks: readonly ContentBlock[]): string {
  return blocks
    .map((block) =>
      block.type === 'text' ? block.text : block.type === 'tool_use' ? `[called the ${block.name} tool]` : ''
    )
    .filter((text) => text !== '')
    .join('\n')
    .trim()
}
