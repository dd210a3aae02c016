import { writeTransaction } from '../../node/db/writeTransaction'
import type { SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'

/**
 * Fills a session with `count` plain-text messages, a user message and a reply in turn (two per
 * turn `t0`, `t1`, …, stored at 0, 1, … ms), in one transaction straight into the table: setup
 * for the bench and tests that need a long transcript fast, not the path a turn takes. No turn
 * versions are linked, so the session reads as one linear conversation, as one stored before
 * versions existed does.
 */
export function seedConversation(
  db: Db,
  sessionId: SessionId,
  count: number,
  textOf: (index: number) => string
): void {
  const insert = db.prepare(
    `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'complete', ?, ?)`
  )
  writeTransaction(db, () => {
    for (let i = 0; i < count; i++) {
      const text = textOf(i)
      const role = i % 2 === 0 ? 'user' : 'assistant'
      const kind = role === 'user' ? 'text' : 'reply'
      insert.run(
        sessionId,
        `t${Math.floor(i / 2)}`,
        role,
        kind,
        JSON.stringify([{ type: 'text', text }]),
        text,
        i,
        i
      )
    }
  })()
}
