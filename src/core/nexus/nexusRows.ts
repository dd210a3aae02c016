import type { NexusEntry } from '../../shared/contract/nexus'

/** A row of nexus_entries exactly as SQLite returns it. */
export interface NexusRow {
  readonly seq: number
  readonly created_at: number
  readonly agent: string
  readonly channel: string
  readonly type: string
  readonly summary: string
  readonly body: string | null
  readonly refs: string
  readonly rationale: string | null
  readonly prev_hash: string
  readonly hash: string
}

/** The same row as a tuple, in ENTRY_COLUMNS order (cheaper to read in bulk). */
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
  hash: string
]

export const ENTRY_COLUMNS = 'seq, created_at, agent, channel, type, summary, body, refs, rationale, prev_hash, hash'

/** The one place where snake_case rows become entries. */
export function fromRow(row: NexusRow): NexusEntry {
  return {
    seq: row.seq,
    ts: row.created_at,
    agent: row.agent,
    channel: row.channel,
    type: row.type as NexusEntry['type'],
    summary: row.summary,
    body: row.body,
    refs: parseRefs(row.refs),
    rationale: row.rationale,
    prevHash: row.prev_hash,
    hash: row.hash
  }
}

/**
 * A tampered row may hold anything in `refs`; rather than throw while listing, a broken value
 * reads as a marker array that cannot match the stored hash, so `verify` flags the row.
 */
export function parseRefs(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text)
    if (Array.isArray(value) && value.every((item) => Number.isInteger(item))) return value as number[]
  } catch {
    // fall through
  }
  return [-1]
}
