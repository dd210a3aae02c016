import type { NexusEntry, NexusVerifyReport } from '../../shared/contract/nexus'
import { HearthError } from '../errors'
import { NEXUS_TRIGGERS } from '../node/db/migrations/0004-nexus'
import { chainHash, entryId, GENESIS_HASH, HASH_FORMATS, legacyHashEntry, sortedIds } from './nexusHash'
import { fromRaw, type RawNexusRow } from './nexusRows'
import type { SqliteNexusRepository } from './nexusRepository'

/**
 * Recomputes the whole chain: every seq follows the previous one, every entry links to the
 * previous hash, every hash matches the entry, and references by id name the same entries as
 * references by seq. Entries written before ids existed are checked against the hash they were
 * written with, and their ids (added by a migration) against their content. Also checks that the database still refuses UPDATE
 * and DELETE, since a log whose guards were dropped can no longer be trusted even if the rows
 * happen to be intact.
 */
export function verifyChain(repository: SqliteNexusRepository): NexusVerifyReport {
  const problems = missingGuards(repository.triggers())
  const chain = checkRows(repository.iterateRaw())
  if (chain.firstBadSeq !== null) problems.push(`Entry #${chain.firstBadSeq}: ${chain.reason}`)
  return { ok: problems.length === 0, count: chain.count, firstBadSeq: chain.firstBadSeq, problems }
}

function missingGuards(triggers: ReadonlyMap<string, string>): string[] {
  return NEXUS_TRIGGERS.filter((name) => !/RAISE\s*\(\s*ABORT/i.test(triggers.get(name) ?? '')).map(
    (name) =>
      `The append-only trigger ${name} is missing or altered: the database no longer refuses ${name.endsWith('update') ? 'UPDATE' : 'DELETE'}`
  )
}

interface ChainCheck {
  readonly count: number
  readonly firstBadSeq: number | null
  readonly reason: string
}

/** Walks the rows once; names only the first bad entry, but keeps counting. */
function checkRows(rows: Iterable<RawNexusRow>): ChainCheck {
  let count = 0
  let expectedSeq = 1
  let previousHash = GENESIS_HASH
  let firstBadSeq: number | null = null
  let reason = ''
  const idsBySeq = new Map<number, string>()
  for (const row of rows) {
    count++
    if (firstBadSeq === null) {
      const problem = rowProblem(row, expectedSeq, previousHash, idsBySeq)
      if (problem !== null) {
        firstBadSeq = Math.min(row[0], expectedSeq)
        reason = problem
      }
      idsBySeq.set(row[0], row[11])
    }
    expectedSeq = row[0] + 1
    previousHash = row[10]
  }
  return { count, firstBadSeq, reason }
}

const CHANGED = 'its content does not match its hash: the entry was changed'

function rowProblem(
  row: RawNexusRow,
  expectedSeq: number,
  previousHash: string,
  idsBySeq: ReadonlyMap<number, string>
): string | null {
  // The row read the way every reader reads it; the hashes then cover exactly what a reader sees.
  const entry = readable(row)
  if (typeof entry === 'string') return entry
  const format = row[16]
  if (entry.seq !== expectedSeq)
    return `sequence gap (expected #${expectedSeq}, found #${entry.seq}): an entry was removed or inserted out of order`
  if (entry.prevHash !== previousHash)
    return 'its prev_hash does not match the previous entry: the chain was broken'
  if (format === HASH_FORMATS.linked) {
    if (chainHash(entry) !== entry.hash) return CHANGED
  } else if (format === HASH_FORMATS.legacy) {
    // Written before ids existed: the old hash covers the content, and the id (added later) must match it.
    if (legacyHashEntry(entry) !== entry.hash) return CHANGED
    if (entryId({ ...entry, authoredAt: entry.originalTs ?? entry.ts }) !== entry.id)
      return 'its id does not match its content: the id was changed'
  } else {
    return `unknown hash format ${format}`
  }
  return refsMatch(entry.refs, entry.refIds, idsBySeq)
    ? null
    : 'its references by id do not name the entries its references by number do'
}

/** The entry, or why it cannot be read (a value outside the schema, written past its CHECK). */
function readable(row: RawNexusRow): NexusEntry | string {
  try {
    return fromRaw(row)
  } catch (error) {
    if (error instanceof HearthError) return `it cannot be read: ${error.message}`
    throw error
  }
}

/** Both reference lists name the same entries (cheap for the usual entry with none). */
function refsMatch(
  refs: readonly number[],
  refIds: readonly string[],
  idsBySeq: ReadonlyMap<number, string>
): boolean {
  if (refs.length === 0 || refIds.length === 0) return refs.length === refIds.length
  const expected = sortedIds(refs.map((ref) => idsBySeq.get(ref) ?? `(missing #${ref})`))
  return expected.length === refIds.length && expected.every((value, i) => value === refIds[i])
}
