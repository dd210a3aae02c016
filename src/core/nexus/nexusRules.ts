import type { NexusEntryType, NexusPostInput } from '../../shared/contract/nexus'
import { invalidInput } from '../errors'

/** An entry as the repository appends it; seq, time and hashes are assigned under the lock. */
export interface NewEntry {
  readonly agent: string
  readonly channel: string
  readonly type: NexusEntryType
  readonly summary: string
  readonly body: string | null
  readonly refs: readonly number[]
  readonly rationale: string | null
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
  const rationale = input.rationale?.trim() ? input.rationale.trim() : null
  const body = input.body?.trim() ? input.body : null
  if (input.type === 'decision' && rationale === null) {
    throw invalidInput('A decision needs a rationale: say why it was decided (rationale field, --rationale in the CLI)')
  }
  const minimum = NEEDS_REFS[input.type] ?? 0
  if (refs.length < minimum) {
    throw invalidInput(
      input.type === 'ack'
        ? 'An ack must reference the entry it acknowledges (refs)'
        : 'A resolution must reference both conflicting decisions (refs: at least two sequence numbers)'
    )
  }
  return { agent: input.agent, channel: input.channel ?? defaultChannel, type: input.type, summary: input.summary, body, refs, rationale }
}

/** References must point to entries that already exist: 1 ≤ ref ≤ the current tail. */
export function assertRefsExist(refs: readonly number[], tailSeq: number): void {
  const missing = refs.filter((ref) => ref < 1 || ref > tailSeq)
  if (missing.length > 0) {
    throw invalidInput(`References to entries that do not exist: ${missing.map((ref) => `#${ref}`).join(', ')} (the log ends at #${tailSeq})`)
  }
}
