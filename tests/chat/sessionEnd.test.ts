import { describe, expect, it } from 'vitest'
import { useWebCore } from '../helpers/webCore'

const web = useWebCore()

function eventsOf(name: string, sink: { event: string; payload: any }[]): any[] {
  return sink.filter((e) => e.event === name).map((e) => e.payload)
}

describe('ending a session', () => {
  it('reports each hook as it runs, then refuses new turns in core with a clear error and sends nothing', async () => {
    const seen: { event: string; payload: any }[] = []
    web.core.subscribe((event, payload) => void seen.push({ event, payload }))
    web.fake.script('Noted.')
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'We ship on Tuesdays.'
    })
    await web.settled(turnId)
    const report = await web.call('sessions.end', { id: sessionId })
    expect(report.hooks.map((hook) => [hook.id, hook.ok])).toEqual([
      ['retention', true],
      ['nexus', true]
    ])
    expect(eventsOf('sessions.endProgress', seen).map((p) => [p.hookId, p.phase])).toEqual([
      ['retention', 'running'],
      ['retention', 'done'],
      ['nexus', 'running'],
      ['nexus', 'done']
    ])
    const [ended] = eventsOf('sessions.ended', seen)
    expect(ended).toMatchObject({
      sessionId,
      agentId: 'scribe',
      reason: 'explicit',
      candidates: report.candidates.length
    })
    expect((await web.call('sessions.get', { id: sessionId })).endedAtMs).toBe(ended.endedAtMs)

    const requestsBefore = web.fake.requests.length
    const refused = await web.refusal('chat.send', { sessionId, text: 'One more thing' })
    expect(refused).toEqual({
      code: 'conflict',
      message: expect.stringMatching(/This session has ended.*Start a new chat/)
    })
    expect(web.fake.requests).toHaveLength(requestsBefore)
    const detail = await web.call('sessions.get', { id: sessionId })
    expect(detail.messages.filter((m) => m.role === 'user').map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'We ship on Tuesdays.' }
    ])
    expect((await web.refusal('sessions.end', { id: sessionId })).message).toMatch(/already ended/)
  })

  it('refuses to end a session while its reply streams, and ends it once the reply is in', async () => {
    web.fake.script({ text: 'A slow and careful answer that takes its time to arrive.', delayMs: 60 })
    const { turnId, sessionId } = await web.call('chat.send', { agentId: 'scribe', text: 'Take your time' })
    expect((await web.refusal('sessions.end', { id: sessionId })).message).toMatch(/answering right now/)
    await web.settled(turnId)
    expect((await web.call('sessions.end', { id: sessionId })).hooks).toHaveLength(2)
  })
})
