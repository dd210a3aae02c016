import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runConcurrentWriters } from '../../src/bench/nexusWriters'
import { CLI, runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'
import { nexusPostArgs } from '../helpers/nexusPost'

let temp: ReturnType<typeof makeTempDir>
beforeEach(() => (temp = makeTempDir('hearth-nexus-mp-')))
afterEach(() => temp.cleanup())

describe('Nexus with several processes appending at once', () => {
  it('4 real processes × 150 appends: every entry kept, seqs contiguous, one unforked chain', async () => {
    runHearth(['--home', temp.dir, 'init'])
    const results = await runConcurrentWriters(CLI, temp.dir, 4, 150)
    expect(results.map((result) => result.count)).toEqual([150, 150, 150, 150])

    const db = new Database(join(temp.dir, 'hearth.db'), { readonly: true })
    const rows = db
      .prepare('SELECT seq, agent, summary, prev_hash, hash FROM nexus_entries ORDER BY seq')
      .all() as { seq: number; agent: string; summary: string; prev_hash: string; hash: string }[]
    db.close()
    expect(rows).toHaveLength(600)
    expect(rows.every((row, i) => row.seq === i + 1)).toBe(true)
    expect(rows.slice(1).every((row, i) => row.prev_hash === rows[i]?.hash)).toBe(true)
    const perAgent = new Map<string, number>()
    for (const row of rows) perAgent.set(row.agent, (perAgent.get(row.agent) ?? 0) + 1)
    expect(Object.fromEntries(perAgent)).toEqual({
      'writer-1': 150,
      'writer-2': 150,
      'writer-3': 150,
      'writer-4': 150
    })
    // Each writer's entries appear in the order it wrote them (its loop counter is in the summary).
    for (const agent of perAgent.keys()) {
      const counters = rows
        .filter((row) => row.agent === agent)
        .map((row) => Number(/entry (\d+) of/.exec(row.summary)?.[1]))
      expect(counters).toEqual(Array.from({ length: 150 }, (_, i) => i + 1))
    }

    const verify = runHearth(['--home', temp.dir, '--json', 'nexus', 'verify'])
    expect(verify.code).toBe(0)
    expect(verify.json()).toEqual({ ok: true, count: 600, firstBadSeq: null, problems: [] })
  }, 60_000)

  it('one-shot `nexus post` processes started together all land in the chain', async () => {
    runHearth(['--home', temp.dir, 'init'])
    const { spawn } = await import('node:child_process')
    const runs = Array.from(
      { length: 6 },
      (_, i) =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [
            CLI,
            '--home',
            temp.dir,
            '--json',
            ...nexusPostArgs({ agent: `a${i}`, type: 'turn', summary: `post ${i}` })
          ])
          let out = ''
          child.stdout.on('data', (chunk) => (out += chunk))
          child.on('exit', () => resolve(out))
        })
    )
    const seqs = (await Promise.all(runs))
      .map((out) => (JSON.parse(out) as { entry: { seq: number } }).entry.seq)
      .sort((a, b) => a - b)
    expect(seqs).toEqual([1, 2, 3, 4, 5, 6])
    expect(runHearth(['--home', temp.dir, '--json', 'nexus', 'verify']).json()).toMatchObject({
      ok: true,
      count: 6
    })
  }, 60_000)
})
