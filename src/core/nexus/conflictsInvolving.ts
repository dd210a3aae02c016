import type Database from 'better-sqlite3'
import { readRows } from '../node/db/rowReader'
import { readStoredConflict, type StoredConflict } from './conflictRows'

const OPEN = 'resolved_by IS NULL'
const NEWEST = 'ORDER BY second_seq DESC, first_seq DESC'

/**
 * The open flags one of whose decisions `author` wrote: the newest `limit` of them (all, when
 * negative), newest later decision first, and how many there are. Each side is a range of its own
 * index (migration 0061), so a page reads what it shows and the count reads index entries only;
 * a flag between two decisions of the author is in both ranges and counted once.
 */
export function openInvolving(
  db: Database.Database,
  author: string,
  limit: number
): { rows: StoredConflict[]; total: number } {
  const bound = limit < 0 ? '' : 'LIMIT ?'
  const page = (side: 'first_agent' | 'second_agent'): unknown[] =>
    db
      .prepare(`SELECT * FROM nexus_conflicts WHERE ${OPEN} AND ${side} = ? ${NEWEST} ${bound}`)
      .all(author, ...(limit < 0 ? [] : [limit]))
  const merged = new Map<string, StoredConflict>()
  for (const row of readRows(
    [...page('first_agent'), ...page('second_agent')],
    'nexus_conflicts',
    readStoredConflict
  ))
    merged.set(`${row.firstSeq}:${row.secondSeq}`, row)
  const rows = [...merged.values()].sort((a, b) => b.secondSeq - a.secondSeq || b.firstSeq - a.firstSeq)
  const count = (where: string): number =>
    db
      .prepare(`SELECT count(*) FROM nexus_conflicts WHERE ${OPEN} AND ${where}`)
      .pluck()
      .get(author) as number
  const total =
    count('first_agent = ?') +
    count('second_agent = ?') -
    count('first_agent = second_agent AND first_agent = ?')
  return { rows: limit < 0 ? rows : rows.slice(0, limit), total }
}
