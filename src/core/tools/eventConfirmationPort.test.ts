import type { ConfirmationRequested, EventArgs } from '../../shared/contract'
import { describe, expect, it } from 'vitest'
import { EventHub } from '../events'
import { EventConfirmationPort } from './eventConfirmationPort'
import { testId } from '../../shared/testing/ids'

const request = {
  agentId: testId.agent('a'),
  sessionId: testId.session('s'),
  toolName: 'memory',
  input: { content: 'x' },
  reason: 'because',
  untrustedServers: ['web']
}

/** The confirmation questions the port asked, and every event in order. */
function listen(events: EventHub): { asked: ConfirmationRequested[]; seen: EventArgs[] } {
  const asked: ConfirmationRequested[] = []
  const seen: EventArgs[] = []
  events.subscribe((...args) => {
    seen.push(args)
    if (args[0] === 'tools.confirmationRequested') asked.push(args[1])
  })
  return { asked, seen }
}

describe('EventConfirmationPort', () => {
  it('emits a request and resolves with the first answer; later answers find nothing', async () => {
    const events = new EventHub()
    const { asked, seen } = listen(events)
    const port = new EventConfirmationPort(events)
    const answer = port.ask(request)
    const payload = asked[0]!
    expect(seen[0]?.[0]).toBe('tools.confirmationRequested')
    expect(payload).toMatchObject({
      agentId: testId.agent('a'),
      toolName: 'memory',
      input: '{\n  "content": "x"\n}',
      untrustedServers: ['web']
    })
    expect(port.answer(payload.requestId, true)).toBe(true)
    expect(port.answer(payload.requestId, false)).toBe(false)
    expect(await answer).toBe(true)
    expect(seen[1]).toEqual(['tools.confirmationResolved', { requestId: payload.requestId, approved: true }])
  })

  it('says no when nobody answers in time, and on dispose', async () => {
    const events = new EventHub()
    expect(await new EventConfirmationPort(events, 20).ask(request)).toBe(false)
    const port = new EventConfirmationPort(events)
    const pending = port.ask(request)
    port.dispose()
    expect(await pending).toBe(false)
  })

  it('bounds a huge input preview', async () => {
    const events = new EventHub()
    const { asked } = listen(events)
    const port = new EventConfirmationPort(events, 10)
    await port.ask({ ...request, input: { content: 'y'.repeat(10_000) } })
    expect(asked[0]?.input.length).toBeLessThanOrEqual(4002)
  })
})
