import type { SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readRows, type RowReader } from '../../node/db/rowReader'
import type { MessageSource, SourceRecord } from '../../ports/knowledgeSources'

const SELECT = `SELECT m.id, m.session_id, s.agent_id, s.title, m.role, m.search_text, m.created_at
  FROM messages m JOIN sessions s ON s.id = m.session_id`
/** What a person wrote or read in the chat: user texts and replies that finished streaming. */
const SEARCHABLE = "m.kind IN ('text', 'reply') AND m.status <> 'streaming' AND m.search_text <> ''"

/**
 * Chat's messages as a knowledge source, for the agent they belong to and the user. Imported
 * chats are ordinary sessions and messages, so they are found the same way.
 */
export function messageSource(db: Db): MessageSource {
  const after = db.prepare(`${SELECT} WHERE m.id > ? AND ${SEARCHABLE} ORDER BY m.id LIMIT ?`)
  const trashed = db.prepare('SELECT id FROM sessions WHERE deleted_at IS NOT NULL')
  return {
    read(keys) {
      const found = new Map<number, SourceRecord | null>(keys.map((key) => [key, null]))
      for (let i = 0; i < keys.length; i += 500) {
        const slice = keys.slice(i, i + 500)
        const rows = db
          .prepare(`${SELECT} WHERE m.id IN (${slice.map(() => '?').join(',')}) AND ${SEARCHABLE}`)
          .all(...slice)
        for (const record of readRows(rows, 'messages', toRecord)) found.set(record.key, record)
      }
      return found
    },
    after: (key, limit) => readRows(after.all(key, limit), 'messages', toRecord),
    trashedSessions: (): ReadonlySet<SessionId> =>
      new Set(readRows(trashed.all(), 'sessions', (row) => row.sessionId('id')))
  }
}

function toRecord(row: RowReader): SourceRecord {
  const id = row.messageId('id')
  const title = row.text('title') || 'Untitled chat'
  return {
    key: id,
    audience: 'agent',
    agentId: row.agentId('agent_id'),
    sessionId: row.sessionId('session_id'),
    messageId: id,
    nexusId: null,
    seq: null,
    ts: row.int('created_at'),
    title: `${title} · ${row.text('role') === 'user' ? 'you' : 'reply'}`,
    text: row.text('search_text')
  }
}
