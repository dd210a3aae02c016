import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'
import type { KeyedSource, SourceRecord } from '../ports/knowledgeSources'

const COLUMNS = 'seq, id, created_at, original_at, agent, type, summary, body, rationale'

/**
 * The Nexus as a knowledge source: every entry, seen by everyone. A decision is indexed with its
 * rationale, so "why did we…" finds the reason as well as the decision.
 */
export function nexusSource(db: Db): KeyedSource {
  const after = db.prepare(`SELECT ${COLUMNS} FROM nexus_entries WHERE seq > ? ORDER BY seq LIMIT ?`)
  return {
    read(keys) {
      const found = new Map<number, SourceRecord | null>(keys.map((key) => [key, null]))
      for (let i = 0; i < keys.length; i += 500) {
        const slice = keys.slice(i, i + 500)
        const rows = db
          .prepare(`SELECT ${COLUMNS} FROM nexus_entries WHERE seq IN (${slice.map(() => '?').join(',')})`)
          .all(...slice)
        for (const record of readRows(rows, 'nexus_entries', toRecord)) found.set(record.key, record)
      }
      return found
    },
    after: (key, limit) => readRows(after.all(key, limit), 'nexus_entries', toRecord)
  }
}

function toRecord(row: RowReader): SourceRecord {
  const seq = row.int('seq')
  const rationale = row.textOrNull('rationale')
  const body = row.textOrNull('body')
  const text = [row.text('summary'), body, rationale ? `Why: ${rationale}` : null]
    .filter((part): part is string => part !== null && part !== '')
    .join('\n')
  return {
    key: seq,
    audience: 'everyone',
    agentId: null,
    sessionId: null,
    messageId: null,
    nexusId: row.text('id'),
    seq,
    ts: row.intOrNull('original_at') ?? row.int('created_at'),
    title: `${row.text('type')} #${seq} by ${row.text('agent')}`,
    text
  }
}
