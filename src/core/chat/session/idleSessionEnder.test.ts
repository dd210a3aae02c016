import type { SessionId } from '../../../shared/contract'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EventHub } from '../../events'
import { IDLE_SWEEP_MS, IdleSessionEnder } from './idleSessionEnder'
import type { SessionsService } from '../sessionsService'
import { testId } from '../../../shared/testing/ids'

afterEach(() => {
  vi.useRealTimers()
})

const noErrors = (error: unknown): never => {
  throw error
}

const usage = {
  input_tokens: 0,
  output_tokens: 0,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0
}

describe('IdleSessionEnder', () => {
  it('ends a session once it has been idle for the configured minutes, restarting on every turn', async () => {
    vi.useFakeTimers()
    const events = new EventHub()
    const ended: string[] = []
    const sessions = {
      isOpen: () => true,
      end: async (id: string) => void ended.push(id)
    } as unknown as SessionsService
    const ender = new IdleSessionEnder(events, sessions, () => 30, noErrors)
    const finished = {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t'),
      text: '',
      stopReason: 'end_turn',
      usage,
      costUsd: 0,
      calls: [],
      compressed: false
    }
    events.emit('chat.finished', finished)
    await vi.advanceTimersByTimeAsync(20 * 60_000)
    events.emit('chat.failed', {
      sessionId: testId.session('s1'),
      turnId: testId.turn('t2'),
      code: 'llm_unavailable',
      message: 'x',
      partialKept: false
    })
    await vi.advanceTimersByTimeAsync(20 * 60_000)
    expect(ended).toEqual([])
    await vi.advanceTimersByTimeAsync(11 * 60_000)
    expect(ended).toEqual(['s1'])
    ender.dispose()
  })

  it('does nothing when the timeout is 0 or after dispose', async () => {
    vi.useFakeTimers()
    const events = new EventHub()
    const end = vi.fn(async () => undefined)
    const sessions = { isOpen: () => true, end } as unknown as SessionsService
    let minutes = 0
    const ender = new IdleSessionEnder(events, sessions, () => minutes, noErrors)
    ender.touch(testId.session('s1'))
    minutes = 1
    ender.touch(testId.session('s2'))
    ender.dispose()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(end).not.toHaveBeenCalled()
  })

  it('applies a changed timeout to sessions already open: shorter ends them at the next sweep, longer keeps them', async () => {
    vi.useFakeTimers()
    const events = new EventHub()
    const ended: [string, string][] = []
    const sessions = {
      isOpen: () => true,
      end: async (id: string, reason: string) => void ended.push([id, reason])
    } as unknown as SessionsService
    let minutes = 30
    const ender = new IdleSessionEnder(events, sessions, () => minutes)
    ender.touch(testId.session('short'))
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    ender.touch(testId.session('long'))
    minutes = 4
    await vi.advanceTimersByTimeAsync(IDLE_SWEEP_MS)
    expect(ended).toEqual([['short', 'idle']])
    minutes = 60
    await vi.advanceTimersByTimeAsync(40 * 60_000)
    expect(ended).toEqual([['short', 'idle']])
    await vi.advanceTimersByTimeAsync(21 * 60_000)
    expect(ended).toEqual([
      ['short', 'idle'],
      ['long', 'idle']
    ])
    ender.dispose()
  })

  it('ends every touched, still-open session once on quit, even with the idle timeout off', async () => {
    const events = new EventHub()
    const ended: string[] = []
    const open = new Set(['s1', 's2'])
    const sessions = {
      isOpen: (id: string) => open.has(id),
      end: async (id: string) => void (ended.push(id), open.delete(id))
    } as unknown as SessionsService
    const ender = new IdleSessionEnder(events, sessions, () => 0, noErrors)
    ender.touch(testId.session('s1'))
    ender.touch(testId.session('s2'))
    ender.touch(testId.session('s3'))
    await ender.endAll()
    expect(ended).toEqual(['s1', 's2'])
    await ender.endAll()
    expect(ended).toEqual(['s1', 's2'])
    ender.dispose()
  })

  it('reports a session it could not end, with its id, and still ends the others', async () => {
    const reported: { message: string; sessionId: SessionId | undefined }[] = []
    const ended: string[] = []
    const sessions = {
      isOpen: () => true,
      end: async (id: string) => {
        if (id === 's1') throw new Error('database is locked')
        ended.push(id)
      }
    } as unknown as SessionsService
    const ender = new IdleSessionEnder(
      new EventHub(),
      sessions,
      () => 0,
      (error, sessionId) => reported.push({ message: (error as Error).message, sessionId })
    )
    ender.touch(testId.session('s1'))
    ender.touch(testId.session('s2'))
    await ender.endAll()
    expect(reported).toEqual([{ message: 'database is locked', sessionId: testId.session('s1') }])
    expect(ended).toEqual(['s2'])
    ender.dispose()
  })
})
