import { describe, expect, it } from 'vitest'
import { developmentSqliteBinding, dropTestHooks, remoteDebuggingSwitch } from './packagedGuards'

const commandLine = (...switches: string[]): { hasSwitch: (name: string) => boolean } => ({
  hasSwitch: (name) => switches.includes(name)
})

describe('a packaged build started for remote debugging', () => {
  it('names the remote-debugging switch it was started with', () => {
    expect(remoteDebuggingSwitch(commandLine('remote-debugging-port'))).toBe('remote-debugging-port')
    expect(remoteDebuggingSwitch(commandLine('lang', 'remote-debugging-pipe'))).toBe('remote-debugging-pipe')
  })

  it('finds nothing in an ordinary start', () => {
    expect(remoteDebuggingSwitch(commandLine())).toBeUndefined()
    expect(remoteDebuggingSwitch(commandLine('lang', 'password-store'))).toBeUndefined()
  })
})

describe('the development database driver', () => {
  it('is taken from HEARTH_ELECTRON_SQLITE_BINDING in development only', () => {
    const env = { HEARTH_ELECTRON_SQLITE_BINDING: '/src/hearth/.electron-native/45/better_sqlite3.node' }
    expect(developmentSqliteBinding(false, env)).toBe(env.HEARTH_ELECTRON_SQLITE_BINDING)
    expect(developmentSqliteBinding(true, env)).toBeUndefined()
    expect(developmentSqliteBinding(false, {})).toBeUndefined()
    expect(developmentSqliteBinding(false, { HEARTH_ELECTRON_SQLITE_BINDING: '  ' })).toBeUndefined()
  })
})

describe('the test-only hooks', () => {
  it('are removed from a packaged app’s environment, kept in development', () => {
    const packaged: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      HEARTH_TEST_CRASH_AT: 'memory.written',
      HOME: '/h'
    }
    dropTestHooks(true, packaged)
    expect(packaged).toEqual({ NODE_ENV: 'test', HOME: '/h' })
    const development: NodeJS.ProcessEnv = { HEARTH_TEST_CRASH_AT: 'memory.written' }
    dropTestHooks(false, development)
    expect(development).toEqual({ HEARTH_TEST_CRASH_AT: 'memory.written' })
  })
})
