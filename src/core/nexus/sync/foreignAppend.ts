import { writeTransaction } from '../../node/db/writeTransaction'
import type Database from 'better-sqlite3'
import type { NexusEntry } from '../../../shared/contract/nexus'
import { readRows } from '../../node/db/rowReader'
import type { Clock } from '../../ports/clock'
import { chainHash, HASH_FORMATS } from '../nexusHash'
import type { SqliteNexusRepository } from '../nexusRepository'
import { ENTRY_COLUMNS } from '../nexusRows'
import type { ForeignEntry } from './deviceLog'

const INSERT = `INSERT INTO nexus_entries (${ENTRY_COLUMNS}) VALUES (${ENTRY_COLUMNS.split(',')
  .map(() => '?')
  .join(', ')})`

export interface ForeignAppendResult {
  readonly appended: NexusEntry[]
  /** Entries that name an entry this home does not hold (yet): kept back, never appended without it. */
  readonly waiting: ForeignEntry[]
}

/**
 * The one merged order every device builds: when an entry was first written, then the device,
 * then the device's own counter. It does not depend on when a device happened to sync.
 */
export function mergedOrder(a: ForeignEntry, b: ForeignEntry): number {
  return (
    a.authoredAt - b.authoredAt ||
    (a.origin < b.origin ? -1 : a.origin > b.origin ? 1 : 0) ||
    a.originSeq - b.originSeq
  )
}

/**
 * Appends entries other devices wrote to this home's log, in one `BEGIN IMMEDIATE` transaction so
 * a sync killed halfway leaves either all of them or none. Each keeps its id, origin, origin_seq
 * and original time; this log gives it the next local seq and links it into the local chain
 * exactly as a local append would, so `nexus verify` checks it like any other entry. Entries
 * already held (by id) are skipped; an entry whose references are not held yet waits.
 */
export function appendForeign(
  db: Database.Database,
  repository: SqliteNexusRepository,
  clock: Clock,
  entries: readonly ForeignEntry[]
): ForeignAppendResult {
  const insert = db.prepare(INSERT)
  const held = db.prepare('SELECT 1 FROM nexus_entries WHERE id = ?').pluck()
  const run = writeTransaction(db, (): ForeignAppendResult => {
    let pending = [...entries].sort(mergedOrder).filter((entry) => held.get(entry.id) === undefined)
    const appended: NexusEntry[] = []
    // An entry may name one that sorts after it (clocks differ between devices): such an entry
    // waits for a later pass; a pass that appends nothing leaves the rest waiting.
    for (let before = -1; pending.length > 0 && pending.length !== before;) {
      before = pending.length
      const waiting: ForeignEntry[] = []
      for (const entry of pending) {
        const refs = resolveRefs(db, entry.refIds)
        if (refs === null) waiting.push(entry)
        else appended.push(insertOne(insert, repository, clock, entry, refs))
      }
      pending = waiting
    }
    return { appended, waiting: pending }
  })
  return run()
}

function insertOne(
  insert: Database.Statement,
  repository: SqliteNexusRepository,
  clock: Clock,
  entry: ForeignEntry,
  refs: number[]
): NexusEntry {
  const tail = repository.tail()
  const link = {
    seq: tail.seq + 1,
    ts: clock.now(),
    id: entry.id,
    origin: entry.origin,
    originSeq: entry.originSeq,
    originalTs: entry.authoredAt,
    agent: entry.agent,
    channel: entry.channel,
    type: entry.type,
    summary: entry.summary,
    body: entry.body,
    refs,
    refIds: [...entry.refIds],
    rationale: entry.rationale,
    prevHash: tail.hash
  }
  const hash = chainHash(link)
  insert.run(
    link.seq,
    link.ts,
    link.agent,
    link.channel,
    link.type,
    link.summary,
    link.body,
    JSON.stringify(refs),
    link.rationale,
    link.prevHash,
    hash,
    link.id,
    link.origin,
    link.originSeq,
    link.originalTs,
    JSON.stringify(link.refIds),
    HASH_FORMATS.linked
  )
  return { ...link, hash }
}

/** Local seqs of the referred entries (ascending), or null while one of them is not held here. */
function resolveRefs(db: Database.Database, refIds: readonly string[]): number[] | null {
  if (refIds.length === 0) return []
  const rows = db
    .prepare(`SELECT seq, id FROM nexus_entries WHERE id IN (${refIds.map(() => '?').join(',')})`)
    .all(...refIds)
  const found = new Map(readRows(rows, 'nexus_entries', (row) => [row.text('id'), row.int('seq')] as const))
  if (refIds.some((id) => !found.has(id))) return null
  return refIds.map((id) => found.get(id) as number).sort((a, b) => a - b)
}
