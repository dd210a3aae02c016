import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ownStamp, processStartTime } from '../node/process/processIdentity'
import { withFileLock } from './fileLock'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'))
  file = join(dir, 'MEMORY.md')
  writeFileSync(file, 'kept')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A pid that existed and is gone: a child process that has exited. */
async function deadPid(): Promise<{ pid: number; startedAt: string | null }> {
  const child = spawn(process.execPath, ['-e', ''])
  const pid = child.pid as number
  const startedAt = processStartTime(pid)
  await new Promise((resolve) => child.once('exit', resolve))
  return { pid, startedAt }
}

function lockBy(owner: { pid: number; startedAt: string | null }, at = Date.now()): void {
  writeFileSync(`${file}.lock`, JSON.stringify({ ...owner, host: ownStamp().host, token: 'theirs', at }))
}

describe('file lock', () => {
  it('takes over at once a lock whose process died, and the leftover temp file of its write', async () => {
    lockBy(await deadPid())
    writeFileSync(join(dir, '.MEMORY.md.0123abcd.tmp'), 'half a wri')
    expect(await withFileLock(file, () => readFileSync(file, 'utf8'))).toBe('kept')
    expect(readdirSync(dir).sort()).toEqual(['MEMORY.md'])
  })

  it('takes over a lock whose pid now belongs to another process (same pid, other start time)', async () => {
    if (ownStamp().startedAt === null) return
    lockBy({ pid: process.ppid, startedAt: '1' })
    expect(await withFileLock(file, () => 'mine')).toBe('mine')
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('waits for a live holder without blocking the event loop, then takes its turn', async () => {
    lockBy({ pid: process.ppid, startedAt: processStartTime(process.ppid) })
    let ticks = 0
    const ticker = setInterval(() => ticks++, 5)
    const waiting = withFileLock(file, () => ticks)
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (ticks < 5) return
        clearInterval(check)
        resolve()
      }, 5)
    })
    expect(existsSync(`${file}.lock`)).toBe(true)
    rmSync(`${file}.lock`)
    expect(await waiting).toBeGreaterThanOrEqual(5)
    clearInterval(ticker)
  })

  it('judges an unreadable lock (an older Hearth, or a writer killed while creating it) by its age', async () => {
    writeFileSync(`${file}.lock`, '')
    const old = new Date(Date.now() - 60_000)
    utimesSync(`${file}.lock`, old, old)
    expect(await withFileLock(file, () => 'ok')).toBe('ok')
  })

  it('runs writers of one process one after another and releases only its own lock', async () => {
    const order: string[] = []
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        withFileLock(file, async () => {
          order.push(`${name}+`)
          await new Promise((resolve) => setImmediate(resolve))
          order.push(`${name}-`)
        })
      )
    )
    expect(order.join(' ')).toMatch(/^(\w)\+ \1- (\w)\+ \2- (\w)\+ \3-$/)
    await withFileLock(file, () => lockBy({ pid: process.pid, startedAt: ownStamp().startedAt }))
    expect(existsSync(`${file}.lock`)).toBe(true)
  })
})
