import type Database from 'better-sqlite3'
import type { NexusConflict, NexusEntry } from '../../shared/contract/nexus'
import { judgeParsed, SAME_SUBJECT_SIMILARITY, type ParsedDecision } from '../domain/nexus/decisionConflict'
import { decisionTerms } from '../domain/nexus/decisionTerms'
import { readRows } from '../node/db/rowReader'
import { writeTransaction } from '../node/db/writeTransaction'
import type { Clock } from '../ports/clock'
import type { DecisionSimilarity } from '../ports/decisionSimilarity'
import { readConflictPage, type ConflictPage as StoredPage, type ConflictPageQuery } from './conflictPage'
import { conflictReason, readStoredConflict, settledByLookup, type StoredConflict } from './conflictRows'
import { openInvolving } from './conflictsInvolving'
import { LOG_READER, type NexusMarks } from './nexusMarks'
import type { SqliteNexusRepository } from './nexusRepository'

/** A page of conflicts as the contract gives it: the pairs with their two entries. */
export interface ConflictPage extends Omit<StoredPage, 'rows'> {
  readonly conflicts: NexusConflict[]
}

/** Earlier decisions a new one is judged against: the ones sharing the most key terms with it. */
const CANDIDATES_PER_DECISION = 50
/** Earlier decisions sent to the similarity port for one new decision (newest first). */
const SIMILARITY_CANDIDATES = 200

const INSERT = `INSERT OR IGNORE INTO nexus_conflicts
  (first_seq, second_seq, method, signal, contrast, subject, score, flagged_at, resolved_by, first_agent, second_agent)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,
    coalesce((SELECT agent FROM nexus_entries WHERE seq = ?), ''),
    coalesce((SELECT agent FROM nexus_entries WHERE seq = ?), ''))`

const SETTLE =
  'UPDATE nexus_conflicts SET resolved_by = ? WHERE first_seq = ? AND second_seq = ? AND resolved_by IS NULL'

/**
 * The conflicting decisions of the log. Each decision is checked once, when the log is next
 * looked at after it was appended (by this process or any other), against the open decisions
 * before it by any author, the same one included: open means no resolution and no later
 * decision has referenced it. A flag stays until a `resolution` entry references both.
 */
export class ConflictLedger {
  private readonly insert: Database.Statement
  private readonly settle: Database.Statement
  /** Why the last meaning check could not run (the endpoint failed or was slow); null when it ran. */
  private similarityProblem: string | null = null

  constructor(
    private readonly db: Database.Database,
    private readonly repository: SqliteNexusRepository,
    private readonly marks: NexusMarks,
    private readonly clock: Clock,
    private readonly similarity?: DecisionSimilarity
  ) {
    this.insert = db.prepare(INSERT)
    this.settle = db.prepare(SETTLE)
  }

  /** Checks every decision appended since the last check by shared key terms; returns the new flags. */
  catchUp(): StoredConflict[] {
    const from = this.marks.get(LOG_READER, 'conflict-scan') ?? 0
    const tail = this.repository.maxSeq()
    if (tail <= from) return []
    const fresh = this.repository.ofTypeAfter('decision', from)
    const resolutions = this.repository.ofTypeAfter('resolution', from)
    const flagged = writeTransaction(this.db, () => {
      const found = fresh.length === 0 ? [] : this.checkByTerms(fresh)
      // After the new flags: a resolution in the same stretch may settle one of them.
      this.settleBy(resolutions)
      return found
    })()
    this.marks.set(LOG_READER, 'conflict-scan', tail)
    return flagged
  }

  /** Marks the flags each resolution settles (pairs of its refs), keeping the first resolution of a pair. */
  private settleBy(resolutions: readonly NexusEntry[]): void {
    for (const resolution of resolutions)
      for (const first of resolution.refs)
        for (const second of resolution.refs)
          if (first < second) this.settle.run(resolution.seq, first, second)
  }

  /**
   * The same check with meaning similarity from the knowledge layer, for decisions worded too
   * differently to share key terms. Does nothing (and keeps its place) while no embedding model
   * is configured.
   */
  async catchUpWithSimilarity(signal?: AbortSignal): Promise<number> {
    const similarity = this.similarity
    if (!similarity || (similarity.configured && !(await similarity.configured()))) return 0
    const from = this.marks.get(LOG_READER, 'similarity-scan') ?? 0
    let flagged = 0
    // Flags found by meaning come after the resolutions that may already settle them.
    const resolvedBy = settledByLookup(this.db)
    for (const decision of this.repository.ofTypeAfter('decision', from, 500)) {
      const open = this.openBefore(decision.seq).slice(-SIMILARITY_CANDIDATES)
      const scores = await this.scoresOrProblem(similarity, decision, open, signal)
      if (scores === null) return flagged
      const later = parsed(decision)
      for (const earlier of open) {
        const score = scores.get(earlier.seq)
        if (score === undefined || score < SAME_SUBJECT_SIMILARITY) continue
        if (this.record(parsed(earlier), later, 'similarity', score, resolvedBy)) flagged++
      }
      this.marks.set(LOG_READER, 'similarity-scan', decision.seq)
    }
    return flagged
  }

  /**
   * The similarity of `decision` to the open ones, or null (keeping the scan's place) when no
   * model is configured or the endpoint failed; a failure is remembered for the conflicts' reason.
   */
  private async scoresOrProblem(
    similarity: DecisionSimilarity,
    decision: NexusEntry,
    open: readonly NexusEntry[],
    signal?: AbortSignal
  ): Promise<ReadonlyMap<number, number> | null> {
    try {
      const scores = await similarity.similarities(
        decision.summary,
        open.map((entry) => ({ seq: entry.seq, text: entry.summary })),
        signal
      )
      this.similarityProblem = null
      return scores
    } catch (error) {
      if (signal?.aborted) throw error
      this.similarityProblem = error instanceof Error ? error.message : String(error)
      return null
    }
  }

  /** Every flagged pair, unresolved ones only unless asked, newest first. */
  list(includeResolved = false): NexusConflict[] {
    this.catchUp()
    return this.withEntries(this.readConflicts(includeResolved ? '' : 'WHERE c.resolved_by IS NULL'))
  }

  /**
   * One page of flagged pairs, newest first, after `query.after` (the last pair of the page
   * before), and how many match in all: read from an index in that order, a page at a time.
   */
  page(query: ConflictPageQuery): ConflictPage {
    this.catchUp()
    const { rows, total, next } = readConflictPage(this.db, query)
    return { conflicts: this.withEntries(rows), total, next }
  }

  /** The unresolved conflicts one of whose decisions `author` wrote. */
  openInvolving(author: string): NexusConflict[] {
    return this.openInvolvingPage(author, -1).conflicts
  }

  /**
   * The newest `limit` (all, when negative) of those, and how many there are: only their two
   * entries are read, since a year of flags would not fit in a per-turn block.
   */
  openInvolvingPage(author: string, limit: number): { conflicts: NexusConflict[]; total: number } {
    this.catchUp()
    const { rows, total } = openInvolving(this.db, author, limit)
    return { conflicts: this.withEntries(rows), total }
  }

  /** The flags that involve one decision (what a post answers with). */
  involving(seq: number): NexusConflict[] {
    this.catchUp()
    return this.withEntries(this.readConflicts('WHERE c.first_seq = ? OR c.second_seq = ?', seq, seq))
  }

  private checkByTerms(fresh: readonly NexusEntry[]): StoredConflict[] {
    const freshSeqs = new Set(fresh.map((entry) => entry.seq))
    const closed = this.closedSeqs()
    const index = new Map<string, number[]>()
    const bySeq = new Map<number, ParsedDecision & { entry: NexusEntry }>()
    const flagged: StoredConflict[] = []
    for (const entry of this.repository.ofType('decision')) {
      const decision = { ...parsed(entry), entry }
      if (freshSeqs.has(entry.seq))
        for (const seq of candidates(decision, index, closed)) {
          const stored = this.record(bySeq.get(seq) as ParsedDecision, decision, 'terms')
          if (stored) flagged.push(stored)
        }
      bySeq.set(entry.seq, decision)
      for (const norm of new Set(decision.terms.all.map((term) => term.norm)))
        index.set(norm, [...(index.get(norm) ?? []), entry.seq])
    }
    return flagged
  }

  private record(
    earlier: ParsedDecision,
    later: ParsedDecision,
    method: StoredConflict['method'],
    similarity?: number,
    resolvedBy?: (pair: Pick<StoredConflict, 'firstSeq' | 'secondSeq'>) => number | null
  ): StoredConflict | null {
    const verdict = judgeParsed(earlier, later, similarity === undefined ? {} : { similarity })
    if (!verdict.conflict || verdict.signal === null || verdict.contrast === null) return null
    const stored: StoredConflict = {
      firstSeq: earlier.seq as number,
      secondSeq: later.seq as number,
      method,
      signal: verdict.signal,
      contrast: verdict.contrast,
      subject: verdict.subject,
      score: Math.min(1, Math.round(verdict.score * 1000) / 1000),
      resolvedBy: null
    }
    const settledBy = resolvedBy?.(stored) ?? null
    const result = this.insert.run(
      stored.firstSeq,
      stored.secondSeq,
      method,
      stored.signal,
      JSON.stringify(stored.contrast),
      JSON.stringify(stored.subject),
      stored.score,
      this.clock.now(),
      settledBy,
      stored.firstSeq,
      stored.secondSeq
    )
    return result.changes > 0 ? { ...stored, resolvedBy: settledBy } : null
  }

  /** Decisions settled by a resolution, or answered by a later decision that references them. */
  private closedSeqs(): Set<number> {
    const answers = [...this.repository.ofType('resolution'), ...this.repository.ofType('decision')]
    return new Set(answers.flatMap((entry) => entry.refs))
  }

  private openBefore(seq: number): NexusEntry[] {
    const closed = this.closedSeqs()
    return this.repository.ofType('decision').filter((entry) => entry.seq < seq && !closed.has(entry.seq))
  }

  private readConflicts(clause: string, ...params: unknown[]): StoredConflict[] {
    return readRows(
      this.db
        .prepare(`SELECT c.* FROM nexus_conflicts c ${clause} ORDER BY c.second_seq DESC, c.first_seq DESC`)
        .all(...params),
      'nexus_conflicts',
      readStoredConflict
    )
  }

  private withEntries(rows: readonly StoredConflict[]): NexusConflict[] {
    const seqs = [...new Set(rows.flatMap((row) => [row.firstSeq, row.secondSeq]))]
    const entries = new Map(this.repository.get(seqs).map((entry) => [entry.seq, entry]))
    return rows.flatMap((row) => {
      const first = entries.get(row.firstSeq)
      const second = entries.get(row.secondSeq)
      if (!first || !second) return []
      return [
        {
          first,
          second,
          sharedRefs: first.refs.filter((ref) => second.refs.includes(ref)),
          similarity: row.score,
          resolvedBy: row.resolvedBy,
          reason: conflictReason(row, first, second, this.similarityProblem),
          method: row.method,
          subject: [...row.subject]
        }
      ]
    })
  }
}

function parsed(entry: NexusEntry): ParsedDecision {
  return { summary: entry.summary, seq: entry.seq, refs: entry.refs, terms: decisionTerms(entry.summary) }
}

/** Open earlier decisions sharing key terms with `decision`, the ones sharing most first. */
function candidates(
  decision: ParsedDecision,
  index: ReadonlyMap<string, readonly number[]>,
  closed: ReadonlySet<number>
): number[] {
  const shared = new Map<number, number>()
  for (const norm of new Set(decision.terms.all.map((term) => term.norm)))
    for (const seq of index.get(norm) ?? []) if (!closed.has(seq)) shared.set(seq, (shared.get(seq) ?? 0) + 1)
  return [...shared]
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .slice(0, CANDIDATES_PER_DECISION)
    .map(([seq]) => seq)
}
