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

function listen(events: EventHub): Array<[string, Record<string, unknown>]> {
  const seen: Array<[string, Record<string, unknown>]> = []
  events.subscribe((event, payload) => seen.push([event, payload as Record<string, unknown>]))
  return seen
}

describe('EventConfirmationPort', () => {
  it('emits a request and resolves with the first answer; later answers find nothing', async () => {
    const events = new EventHub()
    const seen = listen(events)
    const port = new EventConfirmationPort(events)
    const answer = port.ask(request)
    const [name, payload] = seen[0]!
    expect(name).toBe('tools.confirmationRequested')
    expect(payload).toMatchObject({
      agentId: testId.agent('a'),
      toolName: 'memory',
      input: '{\n  "content": "x"\n}',
      untrustedServers: ['web']
    })
    expect(port.answer(payload.requestId as string, true)).toBe(true)
    expect(port.answer(payload.requestId as string, false)).toBe(false)
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
    const seen = listen(events)
    const port = new EventConfirmationPort(events, 10)
    await port.ask({ ...request, input: { content: 'y'.repeat(10_000) } })
    expect((seen[0]![1].input as string).length).toBeLessThanOrEqual(4002)
  })
})
