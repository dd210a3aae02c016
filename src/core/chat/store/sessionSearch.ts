import type { AgentId, MessageId, SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readRow, readRows } from '../../node/db/rowReader'

export interface SearchHit {
  readonly sessionId: SessionId
  readonly agentId: AgentId
  readonly messageId: MessageId
  readonly role: string
  readonly title: string
  readonly snippet: string
  readonly createdAtMs: number
}

export interface SessionSearchOptions {
  readonly agentId?: AgentId
  readonly limit: number
  /** What the snippet puts around a matched word; `[` and `]` unless asked otherwise. */
  readonly marks?: readonly [start: string, end: string]
}

/**
 * Full-text search over every stored message (compressed-away turns included). Words go
 * through the unicode61 index ranked by BM25; when that finds nothing, the trigram index
 * finds substrings (part of a word, an identifier, a path).
 */
export class SessionSearch {
  constructor(private readonly db: Db) {}

  search(query: string, options: SessionSearchOptions): SearchHit[] {
    const words = wordQuery(query)
    if (words) {
      const hits = this.run('messages_fts', words, options)
      if (hits.length > 0) return hits
    }
    const substring = query.trim()
    if ([...substring].length < 3) return []
    return this.run('messages_fts_trigram', quote(substring), options)
  }

  private run(
    table: 'messages_fts' | 'messages_fts_trigram',
    match: string,
    options: SessionSearchOptions
  ): SearchHit[] {
    const agentFilter = options.agentId ? 'AND s.agent_id = ?' : ''
    // BM25 ranks every match; for a word in thousands of messages that alone takes tens of ms,
    // and such a word says little about relevance anyway, so the newest matches come first.
    const common = this.countUpTo(table, match, COMMON_MATCHES) >= COMMON_MATCHES
    const sql = `
      SELECT m.session_id, s.agent_id, m.id, m.role, m.created_at, s.title,
             snippet(${table}, 0, ?, ?, '…', 12) AS snippet
      FROM ${table} f
      JOIN messages m ON m.id = f.rowid
      JOIN sessions s ON s.id = m.session_id
      WHERE ${table} MATCH ? AND s.deleted_at IS NULL ${agentFilter}
      ORDER BY ${common ? 'f.rowid DESC' : 'f.rank'}
      LIMIT ?`
    const [start, end] = options.marks ?? ['[', ']']
    const filter = options.agentId ? [match, options.agentId] : [match]
    const parameters = [start, end, ...filter, options.limit]
    return readRows(this.db.prepare(sql).all(...parameters), 'messages', (row) => ({
      sessionId: row.sessionId('session_id'),
      agentId: row.agentId('agent_id'),
      messageId: row.messageId('id'),
      role: row.text('role'),
      title: row.text('title'),
      snippet: row.text('snippet'),
      createdAtMs: row.int('created_at')
    }))
  }

  private countUpTo(table: string, match: string, cap: number): number {
    const row = this.db
      .prepare(`SELECT count(*) AS n FROM (SELECT rowid FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`)
      .get(match, cap)
    return readRow(row, table).int('n')
  }
}

/** Above this many matches a query is ordered by recency instead of BM25 (see `run`). */
const COMMON_MATCHES = 2000

/**
 * Each word becomes a quoted term (the last one a prefix, for search-as-you-type), so user text
 * can never be read as FTS5 syntax.
 */
function wordQuery(query: string): string | null {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? []
  if (words.length === 0) return null
  return words.map((word, i) => (i === words.length - 1 ? `${quote(word)}*` : quote(word))).join(' ')
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`
}
