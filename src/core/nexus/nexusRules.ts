import type { NexusEntryType, NexusPostInput } from '../../shared/contract/nexus'
import { invalidInput } from '../errors'
import type { EntryText } from './nexusHash'

/** An entry as the repository appends it; seq, time, id and hashes are assigned under the lock. */
export type NewEntry = EntryText & {
  /** References by local seq and by id; the repository resolves both to the same entries. */
  readonly refs: readonly number[]
  readonly refIds: readonly string[]
  /** When an imported entry was first written; null for entries written now. */
  readonly originalTs: number | null
}

/** Types that only make sense as an answer to earlier entries. */
const NEEDS_REFS: Readonly<Partial<Record<NexusEntryType, number>>> = { ack: 1, resolution: 2 }

/**
 * The log's rules that do not need the database: a decision says why, an ack says what it
 * acknowledges, a resolution names the decisions it settles. References are stored sorted and
 * without duplicates so the same post always hashes the same way.
 */
export function toNewEntry(input: NexusPostInput, defaultChannel: string): NewEntry {
  const refs = [...new Set(input.refs ?? [])].sort((a, b) => a - b)
  const refIds = [...new Set(input.refIds ?? [])]
  const rationale = input.rationale?.trim() ? input.rationale.trim() : null
  const body = input.body?.trim() ? input.body : null
  if (input.type === 'decision' && rationale === null) {
    throw invalidInput(
      'A decision needs a rationale: say why it was decided (rationale field, --rationale in the CLI)'
    )
  }
  const minimum = NEEDS_REFS[input.type] ?? 0
  if (refs.length + refIds.length < minimum) {
    throw invalidInput(
      input.type === 'ack'
        ? 'An ack must reference the entry it acknowledges (refs)'
        : 'A resolution must reference both conflicting decisions (refs: at least two sequence numbers)'
    )
  }
  const channel = input.channel ?? defaultChannel
  return {
    agent: input.agent,
    channel,
    type: input.type,
    summary: input.summary,
    body,
    refs,
    refIds,
    rationale,
    originalTs: input.originalTs ?? null
  }
}

/** References by id must name entries this log holds (`found` are the ids it does). */
export function assertRefIdsExist(refIds: readonly string[], found: ReadonlySet<string>): void {
  const missing = refIds.filter((id) => !found.has(id))
  if (missing.length > 0)
    throw invalidInput(
      `References to entries this log does not hold: ${missing.map((id) => id.slice(0, 12)).join(', ')}`
    )
}

/** An original time is a past the entry had elsewhere; one later than its append here is a mistake. */
export function assertOriginalTime(originalTs: number | null, appendedAt: number): void {
  if (originalTs !== null && originalTs > appendedAt) {
    throw invalidInput(
      `The original time ${new Date(originalTs).toISOString()} is later than now: an imported entry keeps the time it was first written`
    )
  }
}

/** References must point to entries that already exist: 1 ≤ ref ≤ the current tail. */
export function assertRefsExist(refs: readonly number[], tailSeq: number): void {
  const missing = refs.filter((ref) => ref < 1 || ref > tailSeq)
  if (missing.length > 0) {
    throw invalidInput(
      `References to entries that do not exist: ${missing.map((ref) => `#${ref}`).join(', ')} (the log ends at #${tailSeq})`
    )
  }
}
