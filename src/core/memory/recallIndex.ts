import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { RecalledKind, type RecalledItem } from '../../shared/contract/memory'
import type { HomePaths } from '../home/homePaths'
import { readTextFile } from '../home/readText'
import type { Db } from '../node/db/openDatabase'
import { readRow, readRows, type RowReader } from '../node/db/rowReader'
import type { RetrievalQuery, RetrievedItem, Retriever } from '../ports/retriever'
import { parseMemoryFile } from './memoryFileFormat'
import { buildMatchQuery } from './recallQuery'
import { RecallTerms } from './recallTerms'
import type { AgentId } from '../../shared/contract'

interface DocRow {
  id: number
  slug: string
  mtime_ms: number
  size: number
}

/**
 * How many of the whole index's best matches recall looks through for one agent's best `k`: the
 * agent usually holds most of its home's memories, so these nearly always contain them.
 */
const ALL_AGENTS_OVERFETCH = 4
const MIN_OVERFETCH = 20

/** Longest text of a memory file that recall hands to the model (the file stays whole on disk). */
const FILE_EXCERPT_CHARS = 600

/**
 * One FTS5/BM25 index over an agent's approved facts (kept in step by triggers) and its memory
 * files under agents/<id>/memories/ (synced here by mtime and size before each query, since the
 * user may edit them in any editor).
 */
export class RecallIndex implements Retriever {
  private readonly terms: RecallTerms
  // Prepared once: recall runs on every turn, and parsing an FTS query each time is wasted work.
  private readonly rankedStatement
  private readonly hitStatement
  private readonly agentHitsStatement
  private readonly docsStatement

  constructor(
    private readonly db: Db,
    private readonly paths: HomePaths
  ) {
    this.terms = new RecallTerms(db)
    // Only MATCH in the WHERE clause, so SQLite hands the LIMIT to FTS5, which then keeps just the
    // best rows while ranking; a filter on the unindexed agent_id column would make it rank and
    // sort every match and read each one's stored row (about twice the time at 50,000 facts).
    this.rankedStatement = db.prepare(
      'SELECT rowid, bm25(recall_fts) AS rank FROM recall_fts WHERE recall_fts MATCH ? ORDER BY rank LIMIT ?'
    )
    this.hitStatement = db.prepare('SELECT agent_id, kind, ref, text FROM recall_fts WHERE rowid = ?')
    this.agentHitsStatement = db.prepare(
      `SELECT rowid, kind, ref, text, bm25(recall_fts) AS rank FROM recall_fts
         WHERE recall_fts MATCH ? AND agent_id = ? ORDER BY rank LIMIT ?`
    )
    this.docsStatement = db.prepare(
      'SELECT id, slug, mtime_ms, size FROM memory_file_docs WHERE agent_id = ?'
    )
  }

  async retrieve(query: RetrievalQuery): Promise<readonly RetrievedItem[]> {
    query.signal?.throwIfAborted()
    return this.search(query.agentId, query.text, query.limit).map((item) => ({
      text: item.text,
      score: item.score,
      method: 'bm25',
      source:
        item.kind === 'fact'
          ? { kind: 'fact', factId: item.factId as number }
          : { kind: 'file', slug: item.slug as string }
    }))
  }

  /** The top `k` items for `query`, best first; scores are positive (higher = more relevant). */
  private search(agentId: AgentId, query: string, k: number): RecalledItem[] {
    if (k <= 0) return []
    this.syncFiles(agentId)
    const match = buildMatchQuery(this.terms.terms(query), (term) => this.terms.documentFrequency(term))
    if (match === null) return []
    return this.bestOfAll(match, agentId, k) ?? this.bestOfAgent(match, agentId, k)
  }

  /**
   * The agent's best `k` among the best few matches of the whole index: the same items, in the
   * same order, as filtering by agent first whenever at least `k` of them are the agent's (bm25
   * scores a row the same either way). Undefined when too few are, so the caller asks again.
   */
  private bestOfAll(match: string, agentId: AgentId, k: number): RecalledItem[] | undefined {
    const limit = Math.max(k * ALL_AGENTS_OVERFETCH, MIN_OVERFETCH)
    const ranked = readRows(this.rankedStatement.all(match, limit), 'recall_fts', (row) => ({
      rowid: row.int('rowid'),
      rank: row.real('rank')
    }))
    const items: RecalledItem[] = []
    for (const { rowid, rank } of ranked) {
      const row = readRow(this.hitStatement.get(rowid), 'recall_fts')
      if (row.text('agent_id') === agentId) items.push(hit(row, rank))
      if (items.length === k) return items
    }
    return ranked.length < limit ? items : undefined
  }

  /** The agent's best `k`, filtered by agent in SQL: every match is ranked, so it costs more. */
  private bestOfAgent(match: string, agentId: AgentId, k: number): RecalledItem[] {
    return readRows(this.agentHitsStatement.all(match, agentId, k), 'recall_fts', (row) =>
      hit(row, row.real('rank'))
    )
  }

  /** Re-indexes memory files that were added, changed or deleted since the last query. */
  syncFiles(agentId: AgentId): void {
    const dir = this.paths.memoriesDir(agentId)
    const onDisk = new Map<string, { mtimeMs: number; size: number }>()
    if (existsSync(dir)) {
      for (const name of readdirSync(dir)) {
        if (!name.endsWith('.md')) continue
        const stat = statSync(join(dir, name), { throwIfNoEntry: false })
        if (stat?.isFile())
          onDisk.set(name.slice(0, -3), { mtimeMs: Math.floor(stat.mtimeMs), size: stat.size })
      }
    }
    const known = readRows(this.docsStatement.all(agentId), 'memory_file_docs', (row): DocRow => ({
      id: row.int('id'),
      slug: row.text('slug'),
      mtime_ms: row.int('mtime_ms'),
      size: row.int('size')
    }))
    const stale = known.filter((doc) => {
      const disk = onDisk.get(doc.slug)
      return !disk || disk.mtimeMs !== doc.mtime_ms || disk.size !== doc.size
    })
    const knownSlugs = new Set(known.map((doc) => doc.slug))
    const added = [...onDisk.keys()].filter((slug) => !knownSlugs.has(slug))
    if (stale.length === 0 && added.length === 0) return
    this.db.transaction(() => {
      for (const doc of stale) this.dropDoc(doc.id)
      for (const slug of [...added, ...stale.map((doc) => doc.slug).filter((s) => onDisk.has(s))]) {
        this.addDoc(
          agentId,
          slug,
          join(dir, `${slug}.md`),
          onDisk.get(slug) as { mtimeMs: number; size: number }
        )
      }
    })()
  }

  private dropDoc(id: number): void {
    this.db.prepare('DELETE FROM recall_fts WHERE rowid = ?').run(-id)
    this.db.prepare('DELETE FROM memory_file_docs WHERE id = ?').run(id)
  }

  private addDoc(
    agentId: AgentId,
    slug: string,
    path: string,
    stat: { mtimeMs: number; size: number }
  ): void {
    const read = readTextFile(path)
    if (!read.ok) return
    const parsed = parseMemoryFile(read.text)
    const text = [parsed.name, parsed.description, parsed.body].filter((part) => part !== '').join('\n')
    const result = this.db
      .prepare('INSERT INTO memory_file_docs (agent_id, slug, mtime_ms, size) VALUES (?, ?, ?, ?)')
      .run(agentId, slug, stat.mtimeMs, stat.size)
    this.db
      .prepare("INSERT INTO recall_fts (rowid, text, agent_id, kind, ref) VALUES (?, ?, ?, 'file', ?)")
      .run(-Number(result.lastInsertRowid), text, agentId, slug)
  }
}

/** One FTS hit as recall reports it; bm25() ranks lower-is-better, so the score is its negation. */
function hit(row: RowReader, rank: number): RecalledItem {
  const kind = row.oneOf('kind', RecalledKind.options)
  const text = row.text('text')
  return {
    kind,
    // A fact's ref is its id (an integer, as its trigger wrote it); a file's is its slug.
    factId: kind === 'fact' ? row.int('ref') : null,
    slug: kind === 'file' ? row.text('ref') : null,
    text: kind === 'file' ? excerpt(text) : text,
    score: Number((-rank).toPrecision(4))
  }
}

function excerpt(text: string): string {
  return text.length > FILE_EXCERPT_CHARS ? `${text.slice(0, FILE_EXCERPT_CHARS)}…` : text
}
