import type Database from 'better-sqlite3'
import type { NexusEntry } from '../../shared/contract/nexus'
import type { ConflictSignal } from '../domain/nexus/decisionConflict'
import { damagedRow, type RowReader } from '../node/db/rowReader'
import { parseRefs } from './nexusRows'

export const CONFLICT_METHODS = ['terms', 'similarity'] as const
export const CONFLICT_SIGNALS: readonly ConflictSignal[] = [
  'negation',
  'antonym',
  'quantity',
  'alternative',
  'swap'
]

/** One row of nexus_conflicts. */
export interface StoredConflict {
  readonly firstSeq: number
  readonly secondSeq: number
  readonly method: (typeof CONFLICT_METHODS)[number]
  readonly signal: ConflictSignal
  /** The earlier decision's side, then the later one's, as written. */
  readonly contrast: readonly [string, string]
  readonly subject: readonly string[]
  readonly score: number
  /** The resolution that settles the pair; null while it is open. */
  readonly resolvedBy: number | null
}

export function readStoredConflict(row: RowReader): StoredConflict {
  const contrast = row.json('contrast')
  const subject = row.json('subject')
  if (!Array.isArray(contrast) || contrast.length !== 2 || contrast.some((side) => typeof side !== 'string'))
    throw damagedRow('nexus_conflicts', 'contrast', 'expected a JSON array of two strings')
  if (!Array.isArray(subject) || subject.some((term) => typeof term !== 'string'))
    throw damagedRow('nexus_conflicts', 'subject', 'expected a JSON array of strings')
  return {
    firstSeq: row.int('first_seq'),
    secondSeq: row.int('second_seq'),
    method: row.oneOf('method', CONFLICT_METHODS),
    signal: row.oneOf('signal', CONFLICT_SIGNALS),
    contrast: [contrast[0] as string, contrast[1] as string],
    subject: subject as string[],
    score: row.real('score'),
    resolvedBy: row.intOrNull('resolved_by')
  }
}

/** Why two decisions were flagged, in one sentence a person (or an agent) can act on. */
export function conflictReason(
  conflict: StoredConflict,
  first: NexusEntry,
  second: NexusEntry,
  similarityProblem: string | null = null
): string {
  const [earlier, later] = conflict.contrast
  const what =
    conflict.signal === 'negation'
      ? later.startsWith('not ')
        ? `#${second.seq} rules out “${later.slice(4)}”, which #${first.seq} chose`
        : `#${second.seq} chooses “${later}”, which #${first.seq} ruled out`
      : `#${first.seq} says “${earlier}”, #${second.seq} says “${later}”`
  const about =
    conflict.method === 'similarity'
      ? 'they mean nearly the same subject'
      : conflict.subject.length > 0
        ? `both are about ${conflict.subject.slice(0, 5).join(', ')}`
        : 'they are about the same subject'
  const same =
    first.agent === second.agent
      ? ` Both are ${first.agent}’s: the later one does not say it replaces the earlier one.`
      : ''
  const words =
    similarityProblem !== null && conflict.method === 'terms'
      ? ` Meaning could not be compared just now (${similarityProblem}), so decisions are matched on shared key terms only.`
      : ''
  return `${what}; ${about}.${same}${words}`
}

/**
 * What settles a pair: the first resolution that references both decisions. Only the
 * resolutions' seqs and refs are read, once per listing, into a lookup by pair.
 */
export function settledByLookup(
  db: Database.Database
): (row: Pick<StoredConflict, 'firstSeq' | 'secondSeq'>) => number | null {
  const settled = new Map<string, number>()
  const rows = db
    .prepare("SELECT seq, refs FROM nexus_entries WHERE type = 'resolution' ORDER BY seq")
    .raw()
    .all() as unknown[][]
  for (const [seq, text] of rows) {
    if (typeof seq !== 'number' || typeof text !== 'string') continue
    const refs = parseRefs(text)
    for (const first of refs)
      for (const second of refs)
        if (first < second && !settled.has(`${first}:${second}`)) settled.set(`${first}:${second}`, seq)
  }
  return (row) => settled.get(`${row.firstSeq}:${row.secondSeq}`) ?? null
}
