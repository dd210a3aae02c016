import type { NexusEntry, NexusEntryType } from '../../shared/contract/nexus'

/** A row of nexus_entries as a tuple in ENTRY_COLUMNS order (cheaper to read in bulk than objects). */
export type RawNexusRow = readonly [
  seq: number,
  createdAt: number,
  agent: string,
  channel: string,
  type: string,
  summary: string,
  body: string | null,
  refs: string,
  rationale: string | null,
  prevHash: string,
  hash: string,
  id: string,
  origin: string,
  originSeq: number,
  originalAt: number | null,
  refIds: string,
  hashFormat: number
]

export const ENTRY_COLUMNS =
  'seq, created_at, agent, channel, type, summary, body, refs, rationale, prev_hash, hash, id, origin, origin_seq, original_at, ref_ids, hash_format'

/** The one place where rows become entries. */
export function fromRaw(row: RawNexusRow): NexusEntry {
  const [
    seq,
    ts,
    agent,
    channel,
    type,
    summary,
    body,
    refs,
    rationale,
    prevHash,
    hash,
    id,
    origin,
    originSeq,
    originalAt,
    refIds
  ] = row
  return {
    seq,
    id,
    origin,
    originSeq,
    ts,
    originalTs: originalAt,
    agent,
    channel,
    type: type as NexusEntryType,
    summary,
    body,
    refs: parseRefs(refs),
    refIds: parseRefIds(refIds),
    rationale,
    prevHash,
    hash
  }
}

/**
 * A tampered row may hold anything in `refs`; rather than throw while listing, a broken value
 * reads as a marker array that cannot match the stored hash, so `verify` flags the row.
 */
export function parseRefs(text: string): number[] {
  const value = parseJson(text)
  if (Array.isArray(value) && value.every((item) => Number.isInteger(item))) return value as number[]
  return [-1]
}

/** The same tolerance for `ref_ids`: a broken value reads as a marker no real id equals. */
export function parseRefIds(text: string): string[] {
  const value = parseJson(text)
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[]
  return ['(unreadable)']
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    // A broken stored value is reported by verify, not here.
    return undefined
  }
}
