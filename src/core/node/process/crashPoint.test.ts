import { describe, expect, it } from 'vitest'
import { armedCrashPoint } from './crashPoint'

describe('crash points', () => {
  it('are armed only in a test run', () => {
    expect(armedCrashPoint({ NODE_ENV: 'test', HEARTH_TEST_CRASH_AT: 'memory.written' })).toBe(
      'memory.written'
    )
    expect(armedCrashPoint({ HEARTH_TEST_CRASH_AT: 'memory.written' })).toBeUndefined()
    expect(
      armedCrashPoint({ NODE_ENV: 'production', HEARTH_TEST_CRASH_AT: 'memory.written' })
    ).toBeUndefined()
    expect(
      armedCrashPoint({ NODE_ENV: 'development', HEARTH_TEST_CRASH_AT: 'memory.written' })
    ).toBeUndefined()
    expect(armedCrashPoint({ NODE_ENV: 'test', HEARTH_TEST_CRASH_AT: ' ' })).toBeUndefined()
    expect(armedCrashPoint({ NODE_ENV: 'test' })).toBeUndefined()
  })
})
