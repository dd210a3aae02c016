import { describe, expect, it } from 'vitest'
import type { Transport } from '../../../shared/contract'
import { CORE_STATUS_EVENT } from '../../../shared/contract/coreStatus'
import type { ConnectionStatus } from './connection'
import { ipcTransport } from './ipcTransport'

/** The preload's bridge: the test pushes what main would send on the event channel. */
function fakeBridge(): { bridge: Transport; push: (event: string, payload: unknown) => void } {
  const listeners = new Set<(event: string, payload: unknown) => void>()
  return {
    bridge: {
      invoke: async () => ({ ok: true, value: null }),
      subscribe: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    },
    push: (event, payload) => listeners.forEach((listener) => listener(event, payload))
  }
}

describe('the IPC transport', () => {
  it('turns the core process reports into connection states with what happened, and passes core events on', () => {
    const { bridge, push } = fakeBridge()
    const transport = ipcTransport(bridge)
    const seen: [ConnectionStatus, string | undefined][] = []
    const events: string[] = []
    transport.onStatus((status, detail) => seen.push([status, detail]))
    transport.subscribe((event) => events.push(event))

    push('agents.changed', { agents: [] })
    push(CORE_STATUS_EVENT, { state: 'restarting', message: 'It exited with code 9 (request 0badc0de).' })
    push(CORE_STATUS_EVENT, { state: 'running' })
    push(CORE_STATUS_EVENT, {
      state: 'stopped',
      message: 'It could not start: disk full.',
      logFile: '/h/logs/hearth.log'
    })
    push(CORE_STATUS_EVENT, { state: 'nonsense' })

    expect(events).toEqual(['agents.changed'])
    expect(seen).toEqual([
      ['connected', undefined],
      ['restarting', 'It exited with code 9 (request 0badc0de).'],
      ['connected', undefined],
      ['stopped', 'It could not start: disk full. The log is /h/logs/hearth.log.']
    ])
  })

  it('answers a rejected IPC call with an error envelope', async () => {
    const { bridge } = fakeBridge()
    const transport = ipcTransport({ ...bridge, invoke: async () => Promise.reject(new Error('gone')) })
    expect(await transport.invoke('app.info', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The app did not answer: gone' }
    })
  })
})
