import { describe, expect, it } from 'vitest'
import type { EventArgs } from '../shared/contract'
import { EventHub } from './events'
import { RecordingLogger } from './testing/recordingLogger'

describe('EventHub', () => {
  it('delivers a payload parsed by the contract: fields it does not name are dropped', () => {
    const hub = new EventHub()
    const seen: EventArgs[] = []
    hub.subscribe((...args) => seen.push(args))
    const payload = { requestId: 'r1', approved: true, note: 'not in the contract' }
    hub.emit('tools.confirmationResolved', payload)
    expect(seen).toEqual([['tools.confirmationResolved', { requestId: 'r1', approved: true }]])
  })

  it('sends no payload that does not match its schema, and logs the bug with a request id', () => {
    const log = new RecordingLogger()
    const hub = new EventHub(log)
    const seen: EventArgs[] = []
    hub.subscribe((...args) => seen.push(args))
    // What a bug in a service would hand over: the type system is bypassed as a cast would.
    const emit = hub.emit.bind(hub) as (event: string, payload: unknown) => void
    emit('tools.confirmationResolved', { requestId: 'r1', approved: 'yes' })
    expect(seen).toEqual([])
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'an event does not match the contract and was not sent: tools.confirmationResolved',
        fields: {
          requestId: expect.stringMatching(/^[0-9a-f]{8}$/),
          problems: expect.stringMatching(/^approved: /)
        }
      })
    ])
  })

  it('narrows a listener by event name: the payload is typed for that event', () => {
    const hub = new EventHub()
    const approvals: boolean[] = []
    hub.subscribe((event, payload) => {
      if (event === 'tools.confirmationResolved') approvals.push(payload.approved)
    })
    hub.emit('tools.confirmationResolved', { requestId: 'r2', approved: false })
    expect(approvals).toEqual([false])
  })
})
