import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { isStampAlive, ownStamp, processStartTime } from './processIdentity'

describe('process identity', () => {
  it('names this process by pid and start time', () => {
    const stamp = ownStamp()
    expect(stamp.pid).toBe(process.pid)
    if (process.platform === 'linux') expect(stamp.startedAt).toMatch(/^\d+$/)
    expect(isStampAlive(stamp)).toBe(true)
  })

  it('a live pid with another start time is a different process (the pid was reused)', () => {
    const stamp = ownStamp()
    if (stamp.startedAt === null) return
    expect(isStampAlive({ pid: process.pid, startedAt: `${stamp.startedAt}1`, host: stamp.host })).toBe(false)
    const parent = process.ppid
    const parentStart = processStartTime(parent)
    expect(isStampAlive({ pid: parent, startedAt: parentStart, host: stamp.host })).toBe(true)
    expect(isStampAlive({ pid: parent, startedAt: '1', host: stamp.host })).toBe(false)
  })

  it('a process that exited is dead; a stamp from another machine cannot be judged and counts as alive', async () => {
    const child = spawn(process.execPath, ['-e', ''])
    const pid = child.pid as number
    const startedAt = processStartTime(pid)
    await new Promise((resolve) => child.once('exit', resolve))
    expect(isStampAlive({ pid, startedAt, host: ownStamp().host })).toBe(false)
    expect(isStampAlive({ pid, startedAt, host: 'another-machine' })).toBe(true)
  })
})
