import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../node/db/openDatabase'
import { writeBypassingChecks } from '../testing/damagedRows'
import { checkedTuple, ENTRY_COLUMNS } from './nexusRows'
import { SqliteNexusRepository } from './nexusRepository'
import { toNewEntry } from './nexusRules'
import { verifyChain } from './verifyChain'

const clock = { now: () => Date.UTC(2026, 2, 1) }

let dir: string
let db: Db
let repository: SqliteNexusRepository

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-nexus-rows-'))
  db = openDatabase(join(dir, 'hearth.db'))
  repository = new SqliteNexusRepository(db, clock)
  repository.append(toNewEntry({ agent: 'ella', type: 'turn', summary: 'first' }, 'cli'))
  repository.append(toNewEntry({ agent: 'lyra', type: 'turn', summary: 'second' }, 'cli'))
})

afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a damaged Nexus row', () => {
  it('names an entry type outside the contract when listing, and verify reports it as the first bad entry', () => {
    // Rewriting history takes dropping the append-only guard first, as a tamperer would.
    db.exec('DROP TRIGGER nexus_entries_no_update')
    writeBypassingChecks(db, "UPDATE nexus_entries SET type = 'gossip' WHERE seq = 2")
    expect(() => repository.list({})).toThrow(
      'A stored row of nexus_entries is damaged (type: "gossip" is not one of'
    )
    expect(repository.since(0, 1).map((entry) => entry.summary)).toEqual(['first'])
    const report = verifyChain(repository)
    expect(report).toMatchObject({ ok: false, count: 2, firstBadSeq: 2 })
    expect(report.problems).toContainEqual(
      expect.stringMatching(/^Entry #2: it cannot be read: .*type: "gossip" is not one of/)
    )
  })

  it('names the column of a tuple holding the wrong type', () => {
    const tuple = db
      .prepare(`SELECT ${ENTRY_COLUMNS} FROM nexus_entries WHERE seq = 1`)
      .raw()
      .get() as unknown[]
    expect(checkedTuple(tuple)).toBe(tuple)
    const changed = (index: number, value: unknown): unknown[] =>
      tuple.map((item, i) => (i === index ? value : item))
    expect(() => checkedTuple(changed(5, null))).toThrow(
      'A stored row of nexus_entries is damaged (summary: expected a text, found NULL)'
    )
    expect(() => checkedTuple(changed(0, 1.5))).toThrow('(seq: expected an integer, found number)')
    expect(() => checkedTuple(changed(6, null))).not.toThrow()
    expect(() => checkedTuple([1, 2])).toThrow('(the row: expected 17 columns)')
  })
})
