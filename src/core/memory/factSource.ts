import { messageIdFromText } from '../domain/ids'
import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'
import type { KeyedSource, SourceRecord } from '../ports/knowledgeSources'

const COLUMNS = 'id, agent_id, type, text, session_id, message_id, updated_at'
/**
 * Only what recall may show: approved facts the user did not keep out of recall. An approved
 * memory-tool write (origin 'tool') lives in MEMORY.md, which is indexed as its entries.
 */
const SEARCHABLE = "status = 'approved' AND recall_suppressed = 0 AND origin <> 'tool'"

const TYPE_TITLES: Record<string, string> = {
  decision: 'Decision',
  user_fact: 'About the user',
  project_fact: 'About the project',
  error_fix: 'Error and fix',
  preference: 'Preference'
}

/** The memory bank as a knowledge source: each approved fact is seen by its agent and the user. */
export function factSource(db: Db): KeyedSource {
  const after = db.prepare(
    `SELECT ${COLUMNS} FROM memory_facts WHERE id > ? AND ${SEARCHABLE} ORDER BY id LIMIT ?`
  )
  return {
    read(keys) {
      const found = new Map<number, SourceRecord | null>(keys.map((key) => [key, null]))
      for (let i = 0; i < keys.length; i += 500) {
        const slice = keys.slice(i, i + 500)
        const rows = db
          .prepare(
            `SELECT ${COLUMNS} FROM memory_facts WHERE id IN (${slice.map(() => '?').join(',')}) AND ${SEARCHABLE}`
          )
          .all(...slice)
        for (const record of readRows(rows, 'memory_facts', toRecord)) found.set(record.key, record)
      }
      return found
    },
    after: (key, limit) => readRows(after.all(key, limit), 'memory_facts', toRecord)
  }
}

function toRecord(row: RowReader): SourceRecord {
  const id = row.int('id')
  const messageId = row.textOrNull('message_id')
  return {
    key: id,
    audience: 'agent',
    agentId: row.agentId('agent_id'),
    sessionId: row.sessionIdOrNull('session_id'),
    messageId: messageIdFromText(messageId),
    nexusId: null,
    seq: null,
    ts: row.int('updated_at'),
    title: `${TYPE_TITLES[row.text('type')] ?? 'Fact'} · fact ${id}`,
    text: row.text('text')
  }
}
