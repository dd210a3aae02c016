import { testId } from '../../shared/testing/ids'
import { payloadsOf } from '../testing/emittedEvents'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { chainHash, entryId, GENESIS_HASH } from './nexusHash'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

describe('NexusService: appending', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  it('chains entries: contiguous seqs, each prev_hash is the previous hash, each hash recomputes', () => {
    const first = home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Set up the repo' }).entry
    home.clock.advance(1000)
    const second = home.nexus.post({
      agent: 'lyra',
      type: 'ack',
      summary: 'Seen',
      refs: [1],
      channel: 'cli'
    }).entry
    expect([first.seq, second.seq]).toEqual([1, 2])
    expect(first.prevHash).toBe(GENESIS_HASH)
    expect(second.prevHash).toBe(first.hash)
    expect(chainHash(second)).toBe(second.hash)
    expect(entryId({ ...second, authoredAt: second.ts })).toBe(second.id)
    expect(second).toMatchObject({
      agent: 'lyra',
      channel: 'cli',
      ts: first.ts + 1000,
      refs: [1],
      refIds: [first.id],
      body: null
    })
    expect(second).toMatchObject({ origin: first.origin, originSeq: 2, originalTs: null })
    expect(home.nexus.verify()).toEqual({ ok: true, count: 2, firstBadSeq: null, problems: [] })
  })

  it('uses the process channel when the writer gives none', () => {
    expect(home.nexus.post({ agent: 'ella', type: 'turn', summary: 'x' }).entry.channel).toBe('desktop')
  })

  it.each([
    [{ agent: 'ella', type: 'turn', summary: '' }, /summary is required/],
    [{ agent: 'ella', type: 'turn', summary: 'x'.repeat(201) }, /at most 200/],
    [{ agent: 'ella', type: 'turn', summary: 'two\nlines' }, /one line/],
    [{ agent: 'Ella Smith', type: 'turn', summary: 'x' }, /agent: An author is/],
    [{ agent: 'ella', type: 'gossip', summary: 'x' }, /type:/],
    [{ agent: 'ella', type: 'turn', summary: 'x', channel: 'email' }, /channel: A channel is/],
    [{ agent: 'ella', type: 'decision', summary: 'Use WAL' }, /decision needs a rationale/],
    [{ agent: 'ella', type: 'ack', summary: 'Seen' }, /ack must reference/],
    [{ agent: 'ella', type: 'resolution', summary: 'Settled', refs: [1] }, /both conflicting decisions/],
    [{ agent: 'ella', type: 'turn', summary: 'x', refs: [9] }, /do not exist: #9 \(the log ends at #0\)/]
  ])('refuses bad input %# with a clear message and appends nothing', (input, message) => {
    expect(() => home.nexus.post(input)).toThrow(message)
    expect(home.nexus.list({}).total).toBe(0)
  })

  it('stores refs sorted and without duplicates', () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'a' })
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'b' })
    expect(
      home.nexus.post({ agent: 'lyra', type: 'ack', summary: 'both', refs: [2, 1, 2] }).entry.refs
    ).toEqual([1, 2])
  })

  it('refers by id as well as by seq, and refuses ids the log does not hold', () => {
    const first = home.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Keep SQLite',
      rationale: 'One file'
    }).entry
    const second = home.nexus.post({ agent: 'ella', type: 'turn', summary: 'b' }).entry
    const ack = home.nexus.post({
      agent: 'lyra',
      type: 'ack',
      summary: 'Seen both',
      refIds: [second.id],
      refs: [first.seq]
    }).entry
    expect(ack).toMatchObject({ refs: [1, 2], refIds: [first.id, second.id].sort() })
    expect(() =>
      home.nexus.post({ agent: 'lyra', type: 'ack', summary: 'x', refIds: ['e'.repeat(64)] })
    ).toThrow(/does not hold: eeeeeeeeeeee/)
    expect(() => home.nexus.post({ agent: 'lyra', type: 'ack', summary: 'x', refIds: ['#1'] })).toThrow(
      /refIds.0: An entry id is 64 hexadecimal/
    )
    expect(home.nexus.verify()).toMatchObject({ ok: true, count: 3 })
  })

  it('gives identical posts in the same millisecond distinct ids (the origin counts its own entries)', () => {
    const a = home.nexus.post({ agent: 'ella', type: 'turn', summary: 'same' }).entry
    const b = home.nexus.post({ agent: 'ella', type: 'turn', summary: 'same' }).entry
    expect(a.ts).toBe(b.ts)
    expect([a.originSeq, b.originSeq]).toEqual([1, 2])
    expect(a.id).not.toBe(b.id)
  })

  it("keeps an imported entry's original time beside its append time, and refuses one from the future", () => {
    const imported = home.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Old call',
      rationale: 'from the old tool',
      originalTs: Date.UTC(2024, 5, 1)
    }).entry
    expect(imported).toMatchObject({ ts: home.clock.now(), originalTs: Date.UTC(2024, 5, 1) })
    expect(imported.id).toBe(entryId({ ...imported, authoredAt: Date.UTC(2024, 5, 1) }))
    expect(() =>
      home.nexus.post({ agent: 'ella', type: 'turn', summary: 'x', originalTs: home.clock.now() + 1 })
    ).toThrow(/later than now/)
    expect(home.nexus.verify()).toMatchObject({ ok: true, count: 1 })
  })

  it('lists with filters by agent, type and text, newest N in ascending order', () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Wrote the parser' })
    home.nexus.post({ agent: 'lyra', type: 'decision', summary: 'Keep SQLite', rationale: 'One file, WAL' })
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Fixed the PARSER bug', body: 'details' })
    expect(home.nexus.list({ agent: 'ella' }).entries.map((e) => e.seq)).toEqual([1, 3])
    expect(home.nexus.list({ type: 'decision' }).entries.map((e) => e.seq)).toEqual([2])
    expect(home.nexus.list({ search: 'parser' }).entries.map((e) => e.seq)).toEqual([1, 3])
    expect(home.nexus.list({ search: 'wal' }).entries.map((e) => e.seq)).toEqual([2])
    expect(home.nexus.list({ limit: 2 })).toMatchObject({ total: 3, entries: [{ seq: 2 }, { seq: 3 }] })
    expect(home.nexus.list({ since: 1, before: 3 }).entries.map((e) => e.seq)).toEqual([2])
  })

  it('search finds an author by display name or id, and an entry by its number, besides the text', () => {
    const ella = home.agents.create('Ella Marsh', testId.agent('a1'))
    home.nexus.post({ agent: ella.id, type: 'turn', summary: 'Wrote the parser' })
    home.nexus.post({ agent: 'lyra', type: 'turn', summary: 'Asked Ella about the parser' })
    home.nexus.post({ agent: ella.id, type: 'decision', summary: 'Keep SQLite', rationale: 'One file' })
    const seqs = (search: string) => home.nexus.list({ search }).entries.map((e) => e.seq)
    // "marsh" is only in her display name; "Ella" is in her name and in Lyra's words.
    expect(seqs('marsh')).toEqual([1, 3])
    expect(seqs('Ella')).toEqual([1, 2, 3])
    expect(seqs('a1')).toEqual([1, 3])
    expect(seqs('lyra')).toEqual([2])
    expect(seqs('#2')).toEqual([2])
    expect(seqs('3')).toEqual([3])
    expect(home.nexus.list({ search: 'marsh', type: 'decision' })).toMatchObject({
      total: 1,
      entries: [{ seq: 3 }]
    })
  })

  it('emits nexus.appended for its own appends and, once watched, for other writers', async () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'local' })
    expect(home.emitted.filter((e) => e.event === 'nexus.appended')).toHaveLength(1)
    home.nexus.watch()
    // Another writer on the same file (another process in real life) bypasses this service.
    const other = openNexusTestHome({ root: home.paths.root, channel: 'cli' })
    other.nexus.post({ agent: 'lyra', type: 'turn', summary: 'from elsewhere' })
    other.dispose()
    await expect
      .poll(() => home.emitted.filter((e) => e.event === 'nexus.appended').length, { timeout: 5000 })
      .toBe(2)
    const last = payloadsOf(home.emitted, 'nexus.appended').at(-1)
    expect(last?.entries).toMatchObject([{ seq: 2, agent: 'lyra' }])
  })
})

describe('NexusService: append-only and tamper detection', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
    for (let i = 1; i <= 5; i++)
      home.nexus.post({ agent: i % 2 ? 'ella' : 'lyra', type: 'turn', summary: `step ${i}` })
  })
  afterEach(() => home.dispose())

  it('the database refuses UPDATE and DELETE', () => {
    expect(() => home.db.prepare("UPDATE nexus_entries SET summary = 'forged' WHERE seq = 3").run()).toThrow(
      /append-only/
    )
    expect(() => home.db.prepare('DELETE FROM nexus_entries WHERE seq = 5').run()).toThrow(/append-only/)
    expect(home.nexus.verify().ok).toBe(true)
  })

  it('names the changed entry after the trigger was dropped and a row edited', () => {
    home.db.exec('DROP TRIGGER nexus_entries_no_update')
    home.db.prepare("UPDATE nexus_entries SET summary = 'forged' WHERE seq = 3").run()
    const report = home.nexus.verify()
    expect(report).toMatchObject({ ok: false, count: 5, firstBadSeq: 3 })
    expect(report.problems.join('\n')).toMatch(/nexus_entries_no_update is missing/)
    expect(report.problems.join('\n')).toMatch(/Entry #3: its content does not match its hash/)
  })

  it('names the missing seq when a row was deleted around the trigger', () => {
    home.db.exec('DROP TRIGGER nexus_entries_no_delete')
    home.db.prepare('DELETE FROM nexus_entries WHERE seq = 2').run()
    expect(home.nexus.verify()).toMatchObject({ ok: false, count: 4, firstBadSeq: 2 })
  })

  it('detects a re-hashed edit through the broken link to the next entry', () => {
    home.db.exec('DROP TRIGGER nexus_entries_no_update')
    const row = home.nexus.list({ since: 3, before: 5 }).entries[0]
    if (!row) throw new Error('entry 4 missing')
    const id = entryId({ ...row, summary: 'forged', authoredAt: row.ts })
    home.db
      .prepare('UPDATE nexus_entries SET summary = ?, id = ?, hash = ? WHERE seq = 4')
      .run('forged', id, chainHash({ ...row, summary: 'forged', id }))
    expect(home.nexus.verify()).toMatchObject({ ok: false, firstBadSeq: 5 })
  })

  it('names an entry whose references by id were changed', () => {
    home.nexus.post({ agent: 'lyra', type: 'ack', summary: 'seen', refs: [1] })
    home.db.exec('DROP TRIGGER nexus_entries_no_update')
    home.db
      .prepare('UPDATE nexus_entries SET ref_ids = ? WHERE seq = 6')
      .run(JSON.stringify(['0'.repeat(64)]))
    expect(home.nexus.verify()).toMatchObject({ ok: false, firstBadSeq: 6 })
  })

  it('names an entry moved in time, even with its id intact', () => {
    home.db.exec('DROP TRIGGER nexus_entries_no_update')
    home.db
      .prepare('UPDATE nexus_entries SET original_at = created_at, created_at = created_at + 5 WHERE seq = 2')
      .run()
    expect(home.nexus.verify()).toMatchObject({ ok: false, firstBadSeq: 2 })
  })

  it('reports missing guards even when every row is intact', () => {
    home.db.exec('DROP TRIGGER nexus_entries_no_delete')
    expect(home.nexus.verify()).toMatchObject({ ok: false, count: 5, firstBadSeq: null })
  })
})
