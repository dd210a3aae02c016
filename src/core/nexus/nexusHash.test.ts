import { describe, expect, it } from 'vitest'
import { canonicalEntry, GENESIS_HASH, hashEntry, type HashedFields } from './nexusHash'

const fields: HashedFields = {
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

describe('canonical serialisation', () => {
  it('is one fixed byte sequence: a JSON array in field order with explicit nulls', () => {
    expect(canonicalEntry(fields)).toBe(
      `["hearth-nexus/1",1,1767603600000,"ella","desktop","decision","Store secrets with the OS keychain",null,[],"Never plain text on disk","${GENESIS_HASH}"]`
    )
  })

  it('does not depend on the order the object was built in', () => {
    const reordered = Object.fromEntries(Object.entries(fields).reverse()) as unknown as HashedFields
    expect(canonicalEntry(reordered)).toBe(canonicalEntry(fields))
  })

  it('keeps text that could fake a field boundary distinct', () => {
    const sneaky = { ...fields, summary: 'a","b', body: null }
    const plain = { ...fields, summary: 'a', body: 'b' }
    expect(canonicalEntry(sneaky)).not.toBe(canonicalEntry(plain))
  })
})

describe('hashEntry', () => {
  it('is the SHA-256 hex of the canonical text and stable across runs', () => {
    expect(hashEntry(fields)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashEntry({ ...fields })).toBe(hashEntry(fields))
  })

  it('changes when any single field changes, including the link to the previous entry', () => {
    const base = hashEntry(fields)
    const variants: Partial<HashedFields>[] = [
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
    const hashes = variants.map((change) => hashEntry({ ...fields, ...change }))
    expect(new Set([base, ...hashes]).size).toBe(variants.length + 1)
  })
})
