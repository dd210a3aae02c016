import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RecordingLogger } from '../testing/recordingLogger'
import { openNexusTestHome, type NexusTestHome } from './testing/nexusTestHome'

/** Reads a file in a tight loop on another thread and checks each read is a whole mirror file. */
const READER = `
const { readFileSync } = require('node:fs')
const { workerData, parentPort } = require('node:worker_threads')
let reads = 0, torn = 0
const until = Date.now() + workerData.ms
while (Date.now() < until) {
  let text
  try { text = readFileSync(workerData.file, 'utf8') } catch { continue }
  reads++
  const declared = Number((/up to entry #(\\d+)/.exec(text) || [])[1])
  const headings = (text.match(/^### #/gm) || []).length
  if (!text.startsWith('# Live context') || declared !== headings || !text.endsWith('\\n')) torn++
}
parentPort.postMessage({ reads, torn })
`

describe('markdown mirror', () => {
  let home: NexusTestHome
  beforeEach(() => {
    home = openNexusTestHome()
  })
  afterEach(() => home.dispose())

  it('writes live-context, decisions and one checkpoint file per agent, each saying the database is the source of truth', () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'Imported the photos' })
    home.nexus.post({
      agent: 'lyra',
      type: 'decision',
      summary: 'Thumbnails are WebP',
      rationale: 'Half the size'
    })
    home.nexus.post({ agent: 'ella', type: 'checkpoint', summary: 'Old checkpoint' })
    home.nexus.post({
      agent: 'ella',
      type: 'checkpoint',
      summary: 'Resize step done, tagging next',
      body: '40 of 90 albums'
    })
    home.nexus.flushMirror()
    const dir = home.paths.nexus
    const live = readFileSync(join(dir, 'live-context.md'), 'utf8')
    const decisions = readFileSync(join(dir, 'decisions.md'), 'utf8')
    const checkpoint = readFileSync(join(dir, 'checkpoints', 'ella.md'), 'utf8')
    for (const text of [live, decisions, checkpoint])
      expect(text).toContain('The database is the source of truth')
    expect(live).toContain('up to entry #4')
    expect(live).toMatch(/### #1 · turn · ella \(desktop\) · 2026-01-05 09:00:00 UTC\n\nImported the photos/)
    expect(decisions).toContain('**Rationale:** Half the size')
    expect(decisions).not.toContain('Imported the photos')
    expect(checkpoint).toContain('Resize step done, tagging next')
    expect(checkpoint).not.toContain('Old checkpoint')
    expect(existsSync(join(dir, 'checkpoints', 'lyra.md'))).toBe(false)
  })

  it('regenerates after appends (debounced), overwriting edits made to the mirror', async () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'first' })
    home.nexus.flushMirror()
    const file = join(home.paths.nexus, 'live-context.md')
    writeFileSync(file, 'edited by hand')
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'second' })
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 5000 }).toContain('second')
  })

  it('replaces files atomically: a concurrent reader never sees a partial file, and no temp files remain', async () => {
    home.nexus.post({ agent: 'ella', type: 'turn', summary: 'seed', body: 'x'.repeat(4000) })
    home.nexus.flushMirror()
    const file = join(home.paths.nexus, 'live-context.md')
    const reader = new Worker(READER, { eval: true, workerData: { file, ms: 1500 } })
    const result = new Promise<{ reads: number; torn: number }>((resolve, reject) => {
      reader.once('message', resolve)
      reader.once('error', reject)
    })
    const until = Date.now() + 1200
    let seq = 1
    while (Date.now() < until && seq < 190) {
      home.nexus.post({
        agent: seq % 2 ? 'lyra' : 'ella',
        type: 'turn',
        summary: `entry ${++seq}`,
        body: 'y'.repeat(4000)
      })
      home.nexus.flushMirror()
    }
    const { reads, torn } = await result
    expect(reads).toBeGreaterThan(10)
    expect(torn).toBe(0)
    expect(readdirSync(home.paths.nexus).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })

  it('logs a mirror that cannot be written, and the append itself succeeds', async () => {
    const log = new RecordingLogger()
    const broken = openNexusTestHome({ log })
    try {
      rmSync(broken.paths.nexus, { recursive: true, force: true })
      writeFileSync(broken.paths.nexus, 'a file where the mirror folder belongs')
      const { entry } = broken.nexus.post({ agent: 'ella', type: 'turn', summary: 'still appended' })
      expect(entry.seq).toBe(1)
      await vi.waitFor(() =>
        expect(log.lines).toContainEqual(
          expect.objectContaining({
            level: 'warn',
            scope: 'nexus',
            message: expect.stringContaining('markdown mirror could not be written')
          })
        )
      )
      expect(broken.nexus.verify().ok).toBe(true)
      broken.nexus.post({ agent: 'ella', type: 'turn', summary: 'closing with a mirror write pending' })
      expect(() => broken.nexus.dispose()).not.toThrow()
    } finally {
      broken.dispose()
    }
  })
})
