import type { NexusVerifyReport } from '../../shared/contract/nexus'
import { NEXUS_TRIGGERS } from '../node/db/migrations/0004-nexus'
import { GENESIS_HASH, hashEntry, type HashedFields } from './nexusHash'
import { parseRefs, type RawNexusRow } from './nexusRows'
import type { SqliteNexusRepository } from './nexusRepository'

/**
 * Recomputes the whole chain: every seq follows the previous one, every entry links to the
 * previous hash, and every hash matches its fields. Also checks that the database still
 * refuses UPDATE and DELETE, since a log whose guards were dropped can no longer be trusted
 * even if the rows happen to be intact.
 */
export function verifyChain(repository: SqliteNexusRepository): NexusVerifyReport {
  const problems = missingGuards(repository.triggers())
  const chain = checkRows(repository.iterateRaw())
  if (chain.firstBadSeq !== null) problems.push(`Entry #${chain.firstBadSeq}: ${chain.reason}`)
  return { ok: problems.length === 0, count: chain.count, firstBadSeq: chain.firstBadSeq, problems }
}

function missingGuards(triggers: ReadonlyMap<string, string>): string[] {
  return NEXUS_TRIGGERS.filter((name) => !/RAISE\s*\(\s*ABORT/i.test(triggers.get(name) ?? '')).map(
    (name) => `The append-only trigger ${name} is missing or altered: the database no longer refuses ${name.endsWith('update') ? 'UPDATE' : 'DELETE'}`
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
  for (const row of rows) {
    count++
    if (firstBadSeq === null) {
      const problem = rowProblem(row, expectedSeq, previousHash)
      if (problem !== null) {
        firstBadSeq = Math.min(row[0], expectedSeq)
        reason = problem
      }
    }
    expectedSeq = row[0] + 1
    previousHash = row[10]
  }
  return { count, firstBadSeq, reason }
}

function rowProblem(row: RawNexusRow, expectedSeq: number, previousHash: string): string | null {
  const [seq, ts, agent, channel, type, summary, body, refs, rationale, prevHash, stored] = row
  if (seq !== expectedSeq) return `sequence gap (expected #${expectedSeq}, found #${seq}): an entry was removed or inserted out of order`
  if (prevHash !== previousHash) return 'its prev_hash does not match the previous entry: the chain was broken'
  const fields = { seq, ts, agent, channel, type: type as HashedFields['type'], summary, body, refs: parseRefs(refs), rationale, prevHash }
  if (hashEntry(fields) !== stored) return 'its content does not match its hash: the entry was changed'
  return null
}
