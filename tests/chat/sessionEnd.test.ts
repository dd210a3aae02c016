import { describe, expect, it } from 'vitest'
import { RETENTION_TOOL_NAME } from '../../src/core/memory/retentionPrompt'
import { payloadsOf } from '../../src/core/testing/emittedEvents'
import { useWebCore } from '../helpers/webCore'

const web = useWebCore()

describe('ending a session', () => {
  it('reports each hook as it runs, then refuses new turns in core with a clear error and sends nothing', async () => {
    const seen: { event: string; payload: unknown }[] = []
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
    expect(payloadsOf(seen, 'sessions.endProgress').map((p) => [p.hookId, p.phase])).toEqual([
      ['retention', 'running'],
      ['retention', 'done'],
      ['nexus', 'running'],
      ['nexus', 'done']
    ])
    const [ended] = payloadsOf(seen, 'sessions.ended')
    expect(ended).toMatchObject({
      sessionId,
      agentId: 'scribe',
      reason: 'explicit',
      candidates: report.candidates.length
    })
    expect((await web.call('sessions.get', { id: sessionId })).endedAtMs).toBe(ended?.endedAtMs)

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

  it('quitting closes a chat with no answer or too short without retention; the rest run as today', async () => {
    const seen: { event: string; payload: unknown }[] = []
    web.core.subscribe((event, payload) => void seen.push({ event, payload }))
    web.fake.setToolInput(RETENTION_TOOL_NAME, {
      candidates: [
        {
          text: 'Releases ship on Tuesdays',
          type: 'project_fact',
          speaker: 'user',
          quote: 'ship on Tuesdays'
        },
        {
          text: 'Release notes live in docs/',
          type: 'project_fact',
          speaker: 'user',
          quote: 'notes live in docs/'
        }
      ]
    })
    // Only errors: the model stays down through every retry.
    web.fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const failed = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'Where do the release notes live?'
    })
    expect((await web.settled(failed.turnId)).event).toBe('chat.failed')
    // A greeting: shorter than retention.minChars (60).
    web.fake.script('Hello!')
    const greeting = await web.call('chat.send', { agentId: 'scribe', text: 'Hi' })
    await web.settled(greeting.turnId)
    // A conversation with substance.
    web.fake.script('Noted: releases ship on Tuesdays and the notes live in docs/.')
    const real = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'We ship releases on Tuesdays, and the release notes live in docs/.'
    })
    await web.settled(real.turnId)
    const retentionCalls = (): number =>
      web.fake.requests.filter((r) => r.path === '/v1/messages' && r.body?.tool_choice !== undefined).length

    await web.core.shutdown()

    expect(retentionCalls()).toBe(1)
    const ended = new Map(payloadsOf(seen, 'sessions.ended').map((e) => [e.sessionId, e]))
    expect(ended.get(failed.sessionId)).toMatchObject({
      reason: 'quit',
      candidates: 0,
      hooks: [],
      skipped: 'the model never answered in it'
    })
    expect(ended.get(greeting.sessionId)).toMatchObject({
      hooks: [],
      skipped: 'it is shorter than 60 characters (Settings → Retention)'
    })
    expect(ended.get(real.sessionId)).toMatchObject({ reason: 'quit', candidates: 2, skipped: null })

    // Review tells each end: how many candidates it produced, or why retention never read it.
    const { sessions } = await web.call('review.sessionEnds', { agentId: 'scribe' })
    const byId = new Map(sessions.map((summary) => [summary.sessionId, summary]))
    expect(sessions).toHaveLength(3)
    expect(byId.get(real.sessionId)).toMatchObject({
      reason: 'quit',
      skipped: null,
      retention: { candidates: 2, error: null },
      pending: 2
    })
    expect(byId.get(failed.sessionId)).toMatchObject({
      reason: 'quit',
      skipped: 'the model never answered in it',
      retention: null,
      pending: 0
    })

    // Asked for after all, the skipped work runs once; asked again, it is refused.
    const report = await web.call('sessions.runSkippedEndWork', { id: greeting.sessionId })
    expect(report.hooks.map((hook) => hook.id)).toEqual(['retention', 'nexus'])
    expect(retentionCalls()).toBe(2)
    const [after] = (await web.call('review.sessionEnds', { sessionId: greeting.sessionId })).sessions
    expect(after).toMatchObject({ skipped: null, retention: { candidates: 2 } })
    expect((await web.refusal('sessions.runSkippedEndWork', { id: greeting.sessionId })).message).toMatch(
      /did not skip its end work/
    )
  })

  it('ending a chat yourself runs retention even when it is short', async () => {
    web.fake.script('Hello!')
    const { turnId, sessionId } = await web.call('chat.send', { agentId: 'scribe', text: 'Hi' })
    await web.settled(turnId)
    const report = await web.call('sessions.end', { id: sessionId })
    expect(report.hooks.map((hook) => hook.id)).toEqual(['retention', 'nexus'])
    const [summary] = (await web.call('review.sessionEnds', { sessionId })).sessions
    expect(summary).toMatchObject({ reason: 'explicit', skipped: null, retention: { error: null } })
  })
})
