import { NexusEntryType, type NexusEntry } from '../../shared/contract/nexus'
import { damagedRow } from '../node/db/rowReader'

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

const COLUMN_NAMES = ENTRY_COLUMNS.split(', ')
const INTEGER_COLUMNS = new Set(['seq', 'created_at', 'origin_seq', 'original_at', 'hash_format'])
const NULLABLE_COLUMNS = new Set(['body', 'rationale', 'original_at'])
/** Per tuple position: whether it holds an integer (else text) and whether it may be NULL. */
const COLUMN_TYPES = COLUMN_NAMES.map((name) => ({
  name,
  integer: INTEGER_COLUMNS.has(name),
  nullable: NULLABLE_COLUMNS.has(name)
}))

/**
 * A tuple as `.raw()` returned it, checked column by column: a value of the wrong type fails
 * here with its column named. Plain `typeof` checks, since `verify` reads every row.
 */
export function checkedTuple(row: unknown): RawNexusRow {
  if (!Array.isArray(row) || row.length !== COLUMN_TYPES.length)
    throw damagedRow('nexus_entries', 'the row', `expected ${COLUMN_TYPES.length} columns`)
  const values: readonly unknown[] = row
  // A plain loop: this runs for every row `verify` reads.
  for (let i = 0; i < COLUMN_TYPES.length; i++) {
    const column = COLUMN_TYPES[i] as (typeof COLUMN_TYPES)[number]
    const value = values[i]
    const fits =
      value === null ? column.nullable : column.integer ? Number.isInteger(value) : typeof value === 'string'
    if (!fits)
      throw damagedRow(
        'nexus_entries',
        column.name,
        `expected ${column.integer ? 'an integer' : 'a text'}, found ${value === null ? 'NULL' : typeof value}`
      )
  }
  return row as unknown as RawNexusRow
}

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
    type: entryType(type),
    summary,
    body,
    refs: parseRefs(refs),
    refIds: parseRefIds(refIds),
    rationale,
    prevHash,
    hash
  }
}

function entryType(value: string): NexusEntryType {
  const known = NexusEntryType.options.find((option) => option === value)
  if (known === undefined)
    throw damagedRow('nexus_entries', 'type', `"${value}" is not one of ${NexusEntryType.options.join(', ')}`)
  return known
}

/**
 * A tampered row may hold anything in `refs`; rather than throw while listing, a broken value
 * reads as a marker array that cannot match the stored hash, so `verify` flags the row.
 */
export function parseRefs(text: string): number[] {
  if (text === '[]') return [] // most entries reference nothing; skip the parser
  const value = parseJson(text)
  if (Array.isArray(value) && value.every((item) => Number.isInteger(item))) return value as number[]
  return [-1]
}

/** The same tolerance for `ref_ids`: a broken value reads as a marker no real id equals. */
export function parseRefIds(text: string): string[] {
  if (text === '[]') return []
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
