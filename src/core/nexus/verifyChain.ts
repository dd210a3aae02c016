import type { NexusEntry, NexusVerifyReport } from '../../shared/contract/nexus'
import { HearthError } from '../errors'
import { NEXUS_TRIGGERS } from '../node/db/migrations/0004-nexus'
import { chainHash, entryId, GENESIS_HASH, HASH_FORMATS, legacyHashEntry, sortedIds } from './nexusHash'
import { fromRaw, type RawNexusRow } from './nexusRows'
import type { SqliteNexusRepository } from './nexusRepository'
import type { VerifiedPoint } from './verifiedPrefix'

/** How far a stepped verify has come: entries checked of those in the log when it began. */
export interface VerifyProgress {
  readonly done: number
  readonly total: number
}

/** Where a check goes on from: a point a good check recorded, and how to read an id before it. */
export interface VerifyFrom {
  readonly point: VerifiedPoint
  readonly idOf: (seq: number) => string | undefined
}

/** A stepped check's report, and the last entry it recomputed (what the next check may go on from). */
export interface SteppedVerify {
  readonly report: NexusVerifyReport
  readonly through: { readonly seq: number; readonly hash: string }
}

/** Rows one page of the check reads. */
const ROWS_PER_STEP = 5_000
/** Rows a page of the stepped verify reads: a few ms of hashing, so a slice ends close to SLICE_MS. */
const ROWS_PER_SLICE_PAGE = 100
/**
 * How long the stepped verify holds the thread before giving it back: a request that arrives
 * meanwhile (a view opening) waits about this long, not for thousands of hashes.
 */
const SLICE_MS = 8
/** Progress is reported at most this often (every slice would flood the event channel). */
const PROGRESS_EVERY_MS = 200

/**
 * Recomputes the whole chain: every seq follows the previous one, every entry links to the
 * previous hash, every hash matches the entry, and references by id name the same entries as
 * references by seq. Entries written before ids existed are checked against the hash they were
 * written with, and their ids (added by a migration) against their content. Also checks that the database still refuses UPDATE
 * and DELETE, since a log whose guards were dropped can no longer be trusted even if the rows
 * happen to be intact.
 */
export function verifyChain(repository: SqliteNexusRepository): NexusVerifyReport {
  const checker = new ChainChecker()
  while (checker.readPage(repository) === ROWS_PER_STEP);
  return report(repository, checker)
}

/**
 * The same check in slices of about SLICE_MS, giving the thread back between them (the app's
 * host answers every other call meanwhile) and reporting progress after each. Entries appended
 * while it runs are checked too; `total` is the tail when it began. With `from`, the entries up
 * to its point are taken as checked (a good check recomputed them) and the check goes on after
 * it; progress then counts the entries after the point.
 */
export async function verifyChainInSteps(
  repository: SqliteNexusRepository,
  onProgress: (progress: VerifyProgress) => void,
  from?: VerifyFrom
): Promise<SteppedVerify> {
  const checker = new ChainChecker(from)
  const skipped = checker.count
  const total = repository.maxSeq() - skipped
  onProgress({ done: 0, total })
  let sliceStarted = performance.now()
  let reported = sliceStarted
  while (checker.readPage(repository, ROWS_PER_SLICE_PAGE) === ROWS_PER_SLICE_PAGE) {
    const now = performance.now()
    if (now - sliceStarted < SLICE_MS) continue
    if (now - reported >= PROGRESS_EVERY_MS) {
      reported = now
      onProgress({ done: checker.count - skipped, total: Math.max(total, checker.count - skipped) })
    }
    await new Promise((resolve) => setImmediate(resolve))
    sliceStarted = performance.now()
  }
  onProgress({ done: checker.count - skipped, total: checker.count - skipped })
  const checked = report(repository, checker)
  return {
    report:
      from === undefined
        ? checked
        : { ...checked, resumedAfter: skipped, wholeCheckedAt: from.point.wholeAt },
    through: checker.through()
  }
}

function report(repository: SqliteNexusRepository, checker: ChainChecker): NexusVerifyReport {
  const problems = missingGuards(repository.triggers())
  const { count, firstBadSeq, reason } = checker
  if (firstBadSeq !== null) problems.push(`Entry #${firstBadSeq}: ${reason}`)
  return { ok: problems.length === 0, count, firstBadSeq, problems }
}

function missingGuards(triggers: ReadonlyMap<string, string>): string[] {
  return NEXUS_TRIGGERS.filter((name) => !/RAISE\s*\(\s*ABORT/i.test(triggers.get(name) ?? '')).map(
    (name) =>
      `The append-only trigger ${name} is missing or altered: the database no longer refuses ${name.endsWith('update') ? 'UPDATE' : 'DELETE'}`
  )
}

/**
 * Takes the rows in order, once; names only the first bad entry, but keeps counting. Started
 * from a verified point, it reads the rows after it, linked to the hash recorded there, and
 * reads the id of an entry before it from the log when a reference names one.
 */
class ChainChecker {
  count = 0
  firstBadSeq: number | null = null
  reason = ''
  private expectedSeq = 1
  /** The last seq read: the next page starts after it (a tampered seq ≤ 0 is read too). */
  private lastSeq = Number.MIN_SAFE_INTEGER
  private previousHash = GENESIS_HASH
  private readonly idsBySeq = new Map<number, string>()
  private readonly idOf: (seq: number) => string | undefined

  constructor(from?: VerifyFrom) {
    this.idOf = (seq) => this.idsBySeq.get(seq)
    if (from === undefined) return
    const before = from.point.seq
    this.idOf = (seq) => (seq <= before ? from.idOf(seq) : this.idsBySeq.get(seq))
    this.count = from.point.seq
    this.lastSeq = from.point.seq
    this.expectedSeq = from.point.seq + 1
    this.previousHash = from.point.hash
  }

  /** The last entry read and its hash (where a good check's successor may start). */
  through(): { seq: number; hash: string } {
    return { seq: Math.max(0, this.lastSeq), hash: this.previousHash }
  }

  private readonly add = (row: RawNexusRow): void => {
    this.count++
    if (this.firstBadSeq === null) {
      const problem = rowProblem(row, this.expectedSeq, this.previousHash, this.idOf)
      if (problem !== null) {
        this.firstBadSeq = Math.min(row[0], this.expectedSeq)
        this.reason = problem
      }
      this.idsBySeq.set(row[0], row[11])
    }
    this.lastSeq = row[0]
    this.expectedSeq = row[0] + 1
    this.previousHash = row[10]
  }

  /** Checks the next page of rows; returns how many it read (fewer than a page: the end). */
  readPage(repository: SqliteNexusRepository, rows = ROWS_PER_STEP): number {
    return repository.eachRawAfter(this.lastSeq, rows, this.add)
  }
}

const CHANGED = 'its content does not match its hash: the entry was changed'

function rowProblem(
  row: RawNexusRow,
  expectedSeq: number,
  previousHash: string,
  idOf: (seq: number) => string | undefined
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
  return refsMatch(entry.refs, entry.refIds, idOf)
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
  idOf: (seq: number) => string | undefined
): boolean {
  if (refs.length === 0 || refIds.length === 0) return refs.length === refIds.length
  const expected = sortedIds(refs.map((ref) => idOf(ref) ?? `(missing #${ref})`))
  return expected.length === refIds.length && expected.every((value, i) => value === refIds[i])
}
