import { hash } from 'node:crypto'
import type { NexusEntry } from '../../shared/contract/nexus'

/** The `prev_hash` of entry 1. */
export const GENESIS_HASH = '0'.repeat(64)

/**
 * Format tags: each is part of every hashed text, so a text of one format can never pass for
 * another. `/1` is how entries were chained before they had ids; those keep their hash forever.
 */
const LEGACY_CHAIN_FORMAT = 'hearth-nexus/1'
const CHAIN_FORMAT = 'hearth-nexus/2'
const ID_FORMAT = 'hearth-nexus-id/1'

/** Hash formats a row can carry (the `hash_format` column). */
export const HASH_FORMATS = { legacy: 1, linked: 2 } as const

/** What an entry says, by whom and through which channel: the part every hash covers. */
export type EntryText = Pick<NexusEntry, 'agent' | 'channel' | 'type' | 'summary' | 'body' | 'rationale'>

/**
 * What an entry's id covers: where it was first written (device and that device's own counter),
 * when, and its text and references by id (sorted; seqs differ between devices). Nothing about
 * where it sits in a particular log, so the same entry has the same id in every copy of the log.
 */
export type EntryContent = EntryText &
  Pick<NexusEntry, 'origin' | 'originSeq' | 'refIds'> & {
    /** The original time for imported entries, else the append time. */
    readonly authoredAt: number
  }

/**
 * What a chain hash covers: the whole entry as this log holds it (local seq and time, id, origin,
 * original time, content, references both ways) and the previous link. Covering everything keeps
 * `verify` at one hash per entry; the id then needs no separate check to expose an edit.
 */
export type ChainLink = Omit<NexusEntry, 'hash'>

/** The fields a legacy (format 1) hash covers: the whole entry as it was before ids existed. */
export type LegacyHashedFields = EntryText & Pick<NexusEntry, 'seq' | 'ts' | 'refs' | 'prevHash'>

/**
 * Every canonical text is a JSON array in a fixed field order (not an object), so no key-ordering
 * rule is needed: JSON string escaping is fully specified, integers print one way, and absent
 * values are an explicit `null`. Any change to any field changes these bytes. Never reorder or
 * drop a field: these orders are what every stored id and hash was computed over (the tests pin
 * the bytes). Each array is written out field by field, since `verify` builds one per entry.
 */
export function entryIdText(c: EntryContent): string {
  return JSON.stringify([
    ID_FORMAT,
    c.origin ?? null,
    c.originSeq ?? null,
    c.authoredAt ?? null,
    c.agent ?? null,
    c.channel ?? null,
    c.type ?? null,
    c.summary ?? null,
    c.body ?? null,
    c.refIds ?? null,
    c.rationale ?? null
  ])
}

/** The position-independent id: SHA-256 (hex) of the canonical content. */
export function entryId(content: EntryContent): string {
  return sha256Hex(entryIdText(content))
}

export function chainText(l: ChainLink): string {
  return JSON.stringify([
    CHAIN_FORMAT,
    l.seq ?? null,
    l.ts ?? null,
    l.id ?? null,
    l.origin ?? null,
    l.originSeq ?? null,
    l.originalTs ?? null,
    l.agent ?? null,
    l.channel ?? null,
    l.type ?? null,
    l.summary ?? null,
    l.body ?? null,
    l.refs ?? null,
    l.refIds ?? null,
    l.rationale ?? null,
    l.prevHash ?? null
  ])
}

/** The chain hash of an entry written with an id. */
export function chainHash(link: ChainLink): string {
  return sha256Hex(chainText(link))
}

export function legacyCanonicalEntry(f: LegacyHashedFields): string {
  return JSON.stringify([
    LEGACY_CHAIN_FORMAT,
    f.seq ?? null,
    f.ts ?? null,
    f.agent ?? null,
    f.channel ?? null,
    f.type ?? null,
    f.summary ?? null,
    f.body ?? null,
    f.refs ?? null,
    f.rationale ?? null,
    f.prevHash ?? null
  ])
}

/** The hash entries were chained with before they had ids (still checked for those entries). */
export function legacyHashEntry(fields: LegacyHashedFields): string {
  return sha256Hex(legacyCanonicalEntry(fields))
}

/** Ids in the one order the id covers them in. */
export function sortedIds(ids: Iterable<string>): string[] {
  return [...new Set(ids)].sort()
}

/** One-shot hashing: noticeably cheaper than createHash() when verifying 100,000 entries. */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex')
}
