import { describe, expect, it } from 'vitest'
import {
  chainHash,
  chainText,
  entryId,
  entryIdText,
  GENESIS_HASH,
  legacyCanonicalEntry,
  legacyHashEntry,
  type EntryContent,
  type LegacyHashedFields
} from './nexusHash'

const fields: LegacyHashedFields = {
  seq: 1,
  ts: 1767603600000,
  agent: 'ella',
  channel: 'desktop',
  type: 'decision',
  summary: 'Store secrets with the OS keychain',
  body: null,
  refs: [],
  rationale: 'Never plain text on disk',
  prevHash: GENESIS_HASH
}

const content: EntryContent = {
  origin: '2f1c9a64-5a43-4d83-9f1e-0b6f1b0c2d11',
  originSeq: 1,
  authoredAt: 1767603600000,
  agent: 'ella',
  channel: 'desktop',
  type: 'decision',
  summary: 'Store secrets with the OS keychain',
  body: null,
  refIds: [],
  rationale: 'Never plain text on disk'
}

describe('legacy canonical serialisation (entries chained before ids existed)', () => {
  it('is one fixed byte sequence: a JSON array in field order with explicit nulls', () => {
    expect(legacyCanonicalEntry(fields)).toBe(
      `["hearth-nexus/1",1,1767603600000,"ella","desktop","decision","Store secrets with the OS keychain",null,[],"Never plain text on disk","${GENESIS_HASH}"]`
    )
  })

  it('does not depend on the order the object was built in', () => {
    const reordered = Object.fromEntries(Object.entries(fields).reverse()) as unknown as LegacyHashedFields
    expect(legacyCanonicalEntry(reordered)).toBe(legacyCanonicalEntry(fields))
  })

  it('keeps text that could fake a field boundary distinct', () => {
    const sneaky = { ...fields, summary: 'a","b', body: null }
    const plain = { ...fields, summary: 'a', body: 'b' }
    expect(legacyCanonicalEntry(sneaky)).not.toBe(legacyCanonicalEntry(plain))
  })

  it('changes when any single field changes, including the link to the previous entry', () => {
    const variants: Partial<LegacyHashedFields>[] = [
      { seq: 2 },
      { ts: fields.ts + 1 },
      { agent: 'lyra' },
      { channel: 'cli' },
      { type: 'turn' },
      { summary: 'Store secrets with the OS keychain.' },
      { body: '' },
      { refs: [1] },
      { rationale: null },
      { prevHash: 'f'.repeat(64) }
    ]
    const hashes = variants.map((change) => legacyHashEntry({ ...fields, ...change }))
    expect(legacyHashEntry(fields)).toMatch(/^[0-9a-f]{64}$/)
    expect(new Set([legacyHashEntry(fields), ...hashes]).size).toBe(variants.length + 1)
  })
})

describe('entry ids', () => {
  it('hash the canonical content and nothing about a position in a log', () => {
    expect(entryIdText(content)).toBe(
      '["hearth-nexus-id/1","2f1c9a64-5a43-4d83-9f1e-0b6f1b0c2d11",1,1767603600000,"ella","desktop","decision",' +
        '"Store secrets with the OS keychain",null,[],"Never plain text on disk"]'
    )
    expect(entryId(content)).toMatch(/^[0-9a-f]{64}$/)
    expect(entryId({ ...content })).toBe(entryId(content))
  })

  it('differ when any content field differs, including the origin and its counter', () => {
    const variants: Partial<EntryContent>[] = [
      { origin: 'another-device' },
      { originSeq: 2 },
      { authoredAt: content.authoredAt + 1 },
      { agent: 'lyra' },
      { channel: 'cli' },
      { type: 'turn' },
      { summary: 'Store secrets elsewhere' },
      { body: '' },
      { refIds: ['a'.repeat(64)] },
      { rationale: null }
    ]
    const ids = variants.map((change) => entryId({ ...content, ...change }))
    expect(new Set([entryId(content), ...ids]).size).toBe(variants.length + 1)
  })
})

describe('chain hashes', () => {
  it('hash one fixed byte sequence in field order, the local seq and time first', () => {
    const link = {
      ...content,
      seq: 1,
      ts: 1767603600000,
      id: 'a'.repeat(64),
      originalTs: null,
      summary: 's',
      refs: [3],
      refIds: ['b'.repeat(64)],
      rationale: null,
      prevHash: GENESIS_HASH
    }
    expect(chainText(link)).toBe(
      `["hearth-nexus/2",1,1767603600000,"${'a'.repeat(64)}","2f1c9a64-5a43-4d83-9f1e-0b6f1b0c2d11",1,null,` +
        `"ella","desktop","decision","s",null,[3],["${'b'.repeat(64)}"],null,"${GENESIS_HASH}"]`
    )
  })

  it('cover the whole entry as this log holds it and the previous link', () => {
    const link = {
      ...content,
      seq: 4,
      ts: 10,
      id: entryId(content),
      originalTs: null,
      refs: [1, 2],
      refIds: ['a'.repeat(64), 'b'.repeat(64)],
      prevHash: GENESIS_HASH
    }
    const variants = [
      { seq: 5 },
      { ts: 11 },
      { id: 'b'.repeat(64) },
      { origin: 'elsewhere' },
      { originSeq: 9 },
      { originalTs: 3 },
      { summary: 'changed' },
      { refs: [1] },
      { refIds: ['a'.repeat(64)] },
      { prevHash: 'f'.repeat(64) }
    ]
    const hashes = variants.map((change) => chainHash({ ...link, ...change }))
    expect(new Set([chainHash(link), ...hashes]).size).toBe(variants.length + 1)
  })
})
