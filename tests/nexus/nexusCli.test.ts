import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { nexusPostArgs } from '../helpers/nexusPost'
import { runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir('hearth-nexus-cli-')))
afterEach(() => temp.cleanup())

const hearth = (...args: string[]) => runHearth(['--home', temp.dir, ...args])

describe('hearth nexus post | tail | verify', () => {
  it('post prints the entry with the documented fields and mirrors it to markdown', () => {
    const run = hearth(
      '--json',
      ...nexusPostArgs({
        agent: 'ella',
        type: 'decision',
        summary: 'Use UTC everywhere',
        rationale: 'Users travel',
        body: 'Applies to logs too'
      })
    )
    expect(run.code).toBe(0)
    const { entry } = run.json<{ entry: Record<string, unknown> }>()
    expect(entry).toMatchObject({
      seq: 1,
      agent: 'ella',
      channel: 'cli',
      type: 'decision',
      summary: 'Use UTC everywhere',
      prevHash: '0'.repeat(64)
    })
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(entry.ts).toEqual(expect.any(Number))
    expect(readFileSync(join(temp.dir, 'nexus/decisions.md'), 'utf8')).toContain(
      '**Rationale:** Users travel'
    )
    expect(readFileSync(join(temp.dir, 'nexus/live-context.md'), 'utf8')).toContain(
      'The database is the source of truth'
    )
  })

  it('post --type decision without --rationale (the original form) succeeds, using the body or a visible placeholder', () => {
    const withBody = hearth(
      '--json',
      ...nexusPostArgs({
        agent: 'ella',
        type: 'decision',
        summary: 'Ship on Fridays',
        body: 'Fewer users online'
      })
    )
    expect(withBody.code).toBe(0)
    expect(withBody.json<{ entry: { rationale: string } }>().entry.rationale).toBe('Fewer users online')
    expect(withBody.stderr).toMatch(/warning: decisions should say why/)
    const bare = hearth('--json', ...nexusPostArgs({ agent: 'ella', type: 'decision', summary: 'Use tabs' }))
    expect(bare.code).toBe(0)
    expect(bare.json<{ entry: { rationale: string } }>().entry.rationale).toMatch(/No rationale given/)
  })

  it('tail returns the newest entries, or those after --since, oldest first', () => {
    for (const n of [1, 2, 3, 4])
      hearth(
        ...nexusPostArgs({
          agent: n % 2 ? 'ella' : 'lyra',
          type: 'turn',
          summary: `step ${n}`,
          channel: 'desktop'
        })
      )
    const seqs = (args: string[]) =>
      hearth('--json', 'nexus', 'tail', ...args)
        .json<{ entries: { seq: number }[] }>()
        .entries.map((entry) => entry.seq)
    expect(seqs([])).toEqual([1, 2, 3, 4])
    expect(seqs(['--limit', '2'])).toEqual([3, 4])
    expect(seqs(['--since', '1', '--limit', '2'])).toEqual([2, 3])
    expect(seqs(['--agent', 'lyra'])).toEqual([2, 4])
    expect(hearth('nexus', 'tail', '--limit', '1').stdout).toMatch(
      /^#4\t.*\tturn\tlyra \(desktop\)\tstep 4\n$/
    )
  })

  it('verify exits 0 on an intact log and 1 naming the first bad seq after tampering', () => {
    for (const n of [1, 2, 3]) hearth(...nexusPostArgs({ agent: 'ella', type: 'turn', summary: `step ${n}` }))
    expect(hearth('--json', 'nexus', 'verify').json()).toEqual({
      ok: true,
      count: 3,
      firstBadSeq: null,
      problems: []
    })
    const db = new Database(join(temp.dir, 'hearth.db'))
    expect(() => db.prepare("UPDATE nexus_entries SET summary = 'forged' WHERE seq = 2").run()).toThrow(
      /append-only/
    )
    db.exec('DROP TRIGGER nexus_entries_no_update')
    db.prepare("UPDATE nexus_entries SET summary = 'forged' WHERE seq = 2").run()
    db.close()
    const run = hearth('--json', 'nexus', 'verify')
    expect(run.code).toBe(1)
    expect(run.json()).toMatchObject({ ok: false, count: 3, firstBadSeq: 2 })
    expect(hearth('nexus', 'verify').stdout).toContain('Entry #2: its content does not match its hash')
  })

  it('usage errors exit 2 with one line; invalid entries exit 1 with the reason', () => {
    const missing = hearth(...nexusPostArgs({ agent: 'ella', type: 'turn' }))
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/^hearth: missing --summary\. Usage: hearth nexus post/)
    expect(hearth('nexus', 'tail', '--since', 'yesterday').code).toBe(2)
    expect(hearth(...nexusPostArgs({ agent: 'ella', type: 'ack', summary: 'ok', refs: 'x' })).code).toBe(2)
    const invalid = hearth(
      '--json',
      ...nexusPostArgs({ agent: 'ella', type: 'turn', summary: 'x'.repeat(201) })
    )
    expect(invalid.code).toBe(1)
    expect(invalid.json()).toMatchObject({
      error: { code: 'invalid_input', message: expect.stringMatching(/at most 200/) }
    })
    expect(invalid.stderr).not.toMatch(/at .*\.js:\d+/)
    expect(hearth('--json', 'nexus', 'tail').json()).toEqual({ entries: [] })
  })
})
