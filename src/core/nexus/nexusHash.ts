import { hash } from 'node:crypto'
import type { NexusEntry } from '../../shared/contract/nexus'

/** The `prev_hash` of entry 1. */
export const GENESIS_HASH = '0'.repeat(64)

/** Bumped only if the serialisation ever changes; it is part of every hashed text. */
const FORMAT = 'hearth-nexus/1'

/** The fields an entry's hash covers: everything except the hash itself. */
export type HashedFields = Omit<NexusEntry, 'hash'>

/**
 * One exact byte sequence per entry. A JSON array in a fixed field order (not an object) so no
 * key-ordering rule is needed; JSON string escaping is fully specified, integers print one way,
 * and absent values are an explicit `null`. Any change to any field, or to the link to the
 * previous entry, changes these bytes.
 */
export function canonicalEntry(fields: HashedFields): string {
  return JSON.stringify([
    FORMAT,
    fields.seq,
    fields.ts,
    fields.agent,
    fields.channel,
    fields.type,
    fields.summary,
    fields.body,
    fields.refs,
    fields.rationale,
    fields.prevHash
  ])
}

/** SHA-256 (hex) of the canonical serialisation. */
export function hashEntry(fields: HashedFields): string {
  return sha256Hex(canonicalEntry(fields))
}

/** One-shot hashing: noticeably cheaper than createHash() when verifying 100,000 entries. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex')
}
