import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { untilBrowserQuiet } from './browserQuiet'
import { childrenCpu, cpuBetween, cpuMs } from './processCpu'

const hasProc = existsSync('/proc/self/stat')

/** A child process that keeps one core busy for `ms`, then exits. */
function spinner(ms: number): ChildProcess {
  return spawn(process.execPath, ['-e', `const end = Date.now() + ${ms}; while (Date.now() < end) {}`], {
    stdio: 'ignore'
  })
}

describe.runIf(hasProc)('the CPU of the processes the bench started', () => {
  const children: ChildProcess[] = []
  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null) {
        child.kill()
        await once(child, 'exit')
      }
  })

  it('counts a busy child', async () => {
    const before = childrenCpu()!
    const child = spinner(3_000)
    children.push(child)
    // Polled rather than slept on: on a loaded machine the child may get less than a whole core.
    let used = 0
    for (const end = Date.now() + 2_500; used < 100 && Date.now() < end;) {
      await sleep(50)
      used = cpuMs(child.pid) ?? 0
    }
    expect(used).toBeGreaterThanOrEqual(100)
    expect(childrenCpu()!.has(child.pid!)).toBe(true)
    expect(cpuBetween(before, childrenCpu()!)).toBeGreaterThanOrEqual(used)
  })

  it('waits while a child is busy and returns once it is quiet', async () => {
    const child = spinner(900)
    children.push(child)
    const quiet = await untilBrowserQuiet(5_000)
    expect(quiet.quiet).toBe(true)
    expect(child.exitCode).not.toBeNull()
    expect(quiet.ms).toBeGreaterThanOrEqual(700)
    expect(quiet.cpuMs).toBeGreaterThanOrEqual(200)
  })

  it('gives up at its limit and says the browser was still busy', async () => {
    children.push(spinner(3_000))
    const quiet = await untilBrowserQuiet(600)
    expect(quiet.quiet).toBe(false)
    expect(quiet.ms).toBeLessThan(2_000)
  })

  it('reads nothing for a process that is gone', () => {
    expect(cpuMs(2 ** 30)).toBeNull()
  })
})
