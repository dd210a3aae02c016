import { cpSync, createWriteStream, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { createCore, type Core } from '../../src/core/createCore'
import { callerOf } from '../../src/core/testing/callCore'
import type { ImportProgress, ImportRequest } from '../../src/shared/contract'
import { runHearth } from '../helpers/cli'
import { writeHermesStateDb } from '../helpers/hermesStateDb'
import { makeTempDir } from '../helpers/tempHome'

const FIXTURES = join(__dirname, '..', 'fixtures', 'imports')

let dir: string
let cleanup: () => void
let core: Core

beforeEach(() => {
  ;({ dir, cleanup } = makeTempDir('hearth-import-progress-'))
  core = createCore({ home: join(dir, 'home'), host: 'electron' })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

const call = callerOf(() => core)

/** Every progress event of one import, in order. */
async function progressOf(request: ImportRequest): Promise<ImportProgress[]> {
  const seen: ImportProgress[] = []
  const stop = core.subscribe((event, payload) => {
    if (event === 'imports.progress') seen.push(payload as ImportProgress)
  })
  try {
    await call('imports.run', request)
  } finally {
    stop()
  }
  return seen
}

/** Determinate from the first event: the total is known up front, done only grows, and the read ends at the total. */
function expectDeterminate(events: readonly ImportProgress[], unit: 'bytes' | 'parts', total: number): void {
  expect(events.length).toBeGreaterThan(2)
  for (const event of events) expect(event).toMatchObject({ unit, total })
  expect(events[0]).toMatchObject({ phase: 'reading', done: 0 })
  const reading = events.filter((e) => e.phase === 'reading')
  for (let i = 1; i < reading.length; i++)
    expect(reading[i]?.done).toBeGreaterThanOrEqual(reading[i - 1]?.done ?? 0)
  expect(reading.at(-1)?.done).toBe(total)
  expect(events.at(-1)).toMatchObject({ phase: 'done', done: total })
}

async function zipOf(file: string, into: string): Promise<void> {
  const zip = new yazl.ZipFile()
  zip.addFile(file, 'conversations.json')
  const done = new Promise<void>((resolve) =>
    zip.outputStream.pipe(createWriteStream(into)).on('close', () => resolve())
  )
  zip.end()
  await done
}

describe('import progress is measured before the read', () => {
  it('a ChatGPT zip counts the bytes of its conversations.json (uncompressed) against their total', async () => {
    const json = join(FIXTURES, 'chatgpt', 'conversations.json')
    const zip = join(dir, 'export.zip')
    await zipOf(json, zip)
    const events = await progressOf({ source: 'chatgpt', path: zip })
    expectDeterminate(events, 'bytes', statSync(json).size)
    expect(events.every((e) => e.totalBytes === statSync(json).size)).toBe(true)
  })

  it('a Claude conversations.json counts its bytes', async () => {
    const json = join(FIXTURES, 'claude', 'conversations.json')
    expectDeterminate(await progressOf({ source: 'claude', path: json }), 'bytes', statSync(json).size)
  })

  it('a Hermes home counts its files and each chat of state.db', async () => {
    const home = join(dir, 'hermes')
    cpSync(join(FIXTURES, 'hermes'), home, { recursive: true })
    writeHermesStateDb(join(home, 'state.db'))
    // SOUL.md, MEMORY.md, USER.md, skills/, config.yaml, and the database's 2 sessions.
    const events = await progressOf({ source: 'hermes', path: home })
    expectDeterminate(events, 'parts', 7)
    expect(events.every((e) => e.totalBytes === null)).toBe(true)
  })

  it('an OpenClaw home counts its workspace and each transcript', async () => {
    // The workspace, and three transcripts (from the agent database and the older .jsonl layout).
    expectDeterminate(await progressOf({ source: 'openclaw', path: join(FIXTURES, 'openclaw') }), 'parts', 4)
  })

  it('the CLI prints the progress on stderr, and none with --json', () => {
    const home = join(dir, 'cli-home')
    const json = join(FIXTURES, 'claude', 'conversations.json')
    const human = runHearth(['--home', home, 'import', 'claude', json, '--dry-run'])
    expect(human.code, human.stderr).toBe(0)
    const size = `${(statSync(json).size / 1000).toFixed(1)} kB`
    expect(human.stderr).toContain(`reading: 0.0 kB of ${size} (0%)`)
    expect(human.stderr).toMatch(new RegExp(`reading: ${size} of ${size} \\(100%\\), \\d+ items`))
    expect(human.stdout).toContain('Would import from Claude')
    const quiet = runHearth(['--home', home, 'import', 'claude', json, '--dry-run', '--json'])
    expect(quiet.stderr).toBe('')
  })
})
