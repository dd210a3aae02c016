import type { NexusEntry } from '../../../shared/contract'

/** A well-formed Nexus entry for renderer tests; fields not given are plausible defaults for `seq`. */
export function sampleNexusEntry(seq: number, fields: Partial<NexusEntry> = {}): NexusEntry {
  const type = fields.type ?? 'turn'
  return {
    seq,
    id: seq.toString(16).padStart(64, '0'),
    origin: 'device-1',
    originSeq: seq,
    ts: 1_767_600_000_000 + seq,
    originalTs: null,
    agent: 'ella',
    channel: 'cli',
    type,
    summary: `entry ${seq}`,
    body: null,
    refs: [],
    refIds: [],
    rationale: type === 'decision' ? 'why' : null,
    prevHash: 'p',
    hash: `h${seq}`,
    ...fields
  }
}
