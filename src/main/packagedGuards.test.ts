import { describe, expect, it } from 'vitest'
import { remoteDebuggingSwitch } from './packagedGuards'

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
