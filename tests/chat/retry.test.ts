import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { blocksOf, messagesOf, type SentBody } from '../fakeAnthropic'
import { useWebCore } from '../helpers/webCore'
import { testId } from '../../src/shared/testing/ids'

const web = useWebCore()

/** How many times `text` appears across every text block of a request's messages. */
function occurrences(body: SentBody | undefined, text: string): number {
  return messagesOf(body)
    .flatMap(blocksOf)
    .filter((b) => b.type === 'text' && b.text?.includes(text)).length
}

function messageBodies(): (SentBody | undefined)[] {
  return web.fake.requests.filter((r) => r.path === '/v1/messages' && r.status === 200).map((r) => r.body)
}

describe('Retry after a failed turn', () => {
  it('runs the turn again on the stored message: the model gets it once, the transcript holds it once, and no footer for calls that never ran', async () => {
    web.fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'Where is the release checklist?'
    })
    expect((await web.settled(turnId)).event).toBe('chat.failed')
    const failed = await web.call('sessions.get', { id: sessionId })
    expect(failed.retry).toEqual({ turnId, error: expect.stringMatching(/overloaded|529/) })
    expect(failed.turns).toEqual([])

    web.fake.script('It is in docs/release.md.')
    const retried = await web.call('chat.retry', { sessionId })
    expect(retried).toEqual({ turnId, sessionId })
    expect((await web.settled(turnId)).event).toBe('chat.finished')
    const [sent] = messageBodies()
    expect(sent?.messages).toHaveLength(1)
    expect(occurrences(sent, 'Where is the release checklist?')).toBe(1)
    const detail = await web.call('sessions.get', { id: sessionId })
    expect(detail.messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
      [{ type: 'text', text: 'Where is the release checklist?' }]
    ])
    expect(
      detail.messages.filter((m) => m.role === 'assistant').map((m) => [m.status, m.content[0]])
    ).toEqual([['complete', { type: 'text', text: 'It is in docs/release.md.' }]])
    expect(detail.retry).toBeNull()
    expect(detail.turns).toHaveLength(1)
    expect(detail.turns[0]?.calls).toHaveLength(1)
  })

  it('a reply that broke off mid-stream stays in the transcript, marked, but leaves the model context of the retry', async () => {
    web.fake.fault({ kind: 'stream_error', errorType: 'overloaded_error', afterDeltas: 2 })
    web.fake.script('The first attempt gets cut off somewhere around here, sadly.')
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'Tell me a short story'
    })
    await web.settled(turnId)
    web.fake.script('Once upon a time, it worked.')
    await web.call('chat.retry', { sessionId })
    expect((await web.settled(turnId)).event).toBe('chat.finished')
    const retry = messageBodies().at(-1)
    expect(messagesOf(retry).map((m) => m.role)).toEqual(['user'])
    expect(occurrences(retry, 'Tell me a short story')).toBe(1)
    const detail = await web.call('sessions.get', { id: sessionId })
    expect(detail.messages.map((m) => [m.role, m.status, m.inContext])).toEqual([
      ['user', 'complete', true],
      ['assistant', 'error', false],
      ['assistant', 'complete', true]
    ])
    // The broken call did run (it was billed), so the turn's footer counts both calls.
    expect(detail.turns[0]?.calls).toHaveLength(2)
  })

  it('a tool loop that failed after a memory write resumes after it: the write is not made twice', async () => {
    // The first call asks for the memory tool and succeeds (a zero-delay "slow" fault passes it
    // through); the call after the tool result is overloaded through every SDK retry.
    web.fake.fault(
      { kind: 'slow', delayMs: 0 },
      { kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 }
    )
    web.fake.script({
      toolUses: [
        { name: 'memory', input: { action: 'add', target: 'memory', content: 'Releases go out on Tuesdays' } }
      ]
    })
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'Remember: releases go out on Tuesdays'
    })
    expect((await web.settled(turnId)).event).toBe('chat.failed')
    web.fake.script('Saved: releases go out on Tuesdays.')
    await web.call('chat.retry', { sessionId })
    expect((await web.settled(turnId)).event).toBe('chat.finished')
    const retry = messageBodies().at(-1)
    expect(messagesOf(retry).map((m) => [m.role, blocksOf(m).map((b) => b.type)])).toEqual([
      ['user', ['text']],
      ['assistant', ['tool_use']],
      ['user', ['tool_result']]
    ])
    expect(occurrences(retry, 'Remember: releases go out on Tuesdays')).toBe(1)
    expect(
      readFileSync(web.core.services.paths.memory(testId.agent('scribe')), 'utf8').match(
        /Releases go out on Tuesdays/g
      )
    ).toHaveLength(1)
  })

  it('refuses with a clear reason when the last turn did not fail, or the session ended', async () => {
    web.fake.script('Fine.')
    const { turnId, sessionId } = await web.call('chat.send', { agentId: 'scribe', text: 'All good?' })
    await web.settled(turnId)
    expect((await web.refusal('chat.retry', { sessionId })).message).toMatch(
      /did not fail, so there is nothing to retry/
    )
    await web.call('sessions.end', { id: sessionId })
    expect((await web.refusal('chat.retry', { sessionId })).message).toMatch(/has ended/)
  })

  it('offers no Retry once the session has ended, even when its last turn failed', async () => {
    web.fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const { turnId, sessionId } = await web.call('chat.send', {
      agentId: 'scribe',
      text: 'Is the build green?'
    })
    await web.settled(turnId)
    expect((await web.call('sessions.get', { id: sessionId })).retry).toMatchObject({ turnId })
    await web.call('sessions.end', { id: sessionId })
    expect((await web.call('sessions.get', { id: sessionId })).retry).toBeNull()
    expect((await web.refusal('chat.retry', { sessionId })).message).toMatch(/has ended/)
  })
})
