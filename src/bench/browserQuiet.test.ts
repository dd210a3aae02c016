import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
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
    const child = spinner(400)
    children.push(child)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(cpuMs(child.pid)).toBeGreaterThanOrEqual(100)
    expect(childrenCpu()!.has(child.pid!)).toBe(true)
    expect(cpuBetween(before, childrenCpu()!)).toBeGreaterThanOrEqual(100)
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
