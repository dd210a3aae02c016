import type { EventPayload, SessionId } from '../../../shared/contract'
import { textsOf } from '../../../../tests/fakeAnthropic'
import { afterEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import { TurnStopped } from './chatErrors'
import { TurnFailure } from './turnRunner'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

const LONG = 'The quick brown fox jumps over the lazy dog again and again. '.repeat(12)

function assistantRows(sessionId: SessionId) {
  return harness.sessions.get(sessionId).messages.filter((m) => m.role === 'assistant')
}

async function failureOf(promise: Promise<unknown>): Promise<TurnFailure> {
  try {
    await promise
  } catch (error) {
    if (error instanceof TurnFailure) return error
    throw error
  }
  throw new Error('expected the turn to fail')
}

describe('chat faults', () => {
  it('429 then success: the SDK retries once and exactly one reply is stored', async () => {
    harness = await startChatHarness()
    harness.fake.fault({ kind: 'http', status: 429, errorType: 'rate_limit_error' })
    harness.fake.script('Recovered fine.')
    const result = await harness.chat.runTurn({ agentId: harness.agentId, text: 'hello' })
    expect(harness.fake.requests.map((r) => r.status)).toEqual([429, 200])
    expect(result.text).toBe('Recovered fine.')
    expect(assistantRows(result.sessionId).map((m) => [m.status, m.content])).toEqual([
      ['complete', [{ type: 'text', text: 'Recovered fine.' }]]
    ])
  })

  it('529 exhausted: a clear error, the user message kept, no reply row, and the next turn still works', async () => {
    harness = await startChatHarness()
    harness.fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const failed: unknown[] = []
    harness.core.subscribe((event, payload) => event === 'chat.failed' && failed.push(payload))
    const started = await harness.chat.start({ agentId: harness.agentId, text: 'are you there?' })
    const failure = await failureOf(started.done)
    expect(failure.message).toMatch(/overloaded.*HTTP 529 overloaded_error.*Your message is saved/)
    expect(harness.fake.requests).toHaveLength(3)
    expect(failed).toEqual([
      expect.objectContaining({ code: 'llm_unavailable', partialKept: false, sessionId: started.sessionId })
    ])
    const messages = harness.sessions.get(started.sessionId).messages
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', [{ type: 'text', text: 'are you there?' }]]
    ])

    harness.fake.script('Back now.')
    await harness.chat.runTurn({ sessionId: started.sessionId, text: 'and now?' })
    const retried = harness.fake.requests.at(-1)?.body
    expect(retried?.messages).toHaveLength(1)
    expect(retried?.messages[0]?.content).toHaveLength(2)
    expect(textsOf(retried?.messages[0])).toEqual(['are you there?', 'and now?'])
  })

  it('an error event mid-stream keeps the partial reply, marked error, and reports it', async () => {
    harness = await startChatHarness()
    harness.fake.fault({ kind: 'stream_error', errorType: 'overloaded_error', afterDeltas: 3 })
    harness.fake.script(LONG)
    const started = await harness.chat.start({ agentId: harness.agentId, text: 'tell me a story' })
    const failure = await failureOf(started.done)
    expect(failure.partialKept).toBe(true)
    expect(failure.message).toMatch(/stream failed midway/)
    const [reply] = assistantRows(started.sessionId)
    expect(reply?.status).toBe('error')
    const text = (reply?.content[0] as { text: string }).text
    expect(text.length).toBeGreaterThan(0)
    expect(LONG.startsWith(text)).toBe(true)
    expect(harness.calls.forSession(started.sessionId)[0]?.status).toBe('error')
  })

  it('a dropped connection mid-stream keeps the partial reply too', async () => {
    harness = await startChatHarness({ maxRetries: 0 })
    harness.fake.fault({ kind: 'drop', afterDeltas: 3 })
    // A small delay lets the first deltas leave the fake's socket before it is destroyed.
    harness.fake.script({ text: LONG, delayMs: 10 })
    const started = await harness.chat.start({ agentId: harness.agentId, text: 'go' })
    const failure = await failureOf(started.done)
    expect(failure.partialKept).toBe(true)
    expect(failure.message).toMatch(/connection to the model dropped|closed before the reply finished/)
    expect(assistantRows(started.sessionId)[0]?.status).toBe('error')
  })

  it('Stop aborts the stream, keeps the partial reply marked partial and finishes as stopped', async () => {
    harness = await startChatHarness()
    harness.fake.script({ text: LONG, delayMs: 15 })
    const finished: EventPayload<'chat.finished'>[] = []
    let firstDelta: () => void = () => undefined
    const sawDelta = new Promise<void>((resolve) => (firstDelta = resolve))
    harness.core.subscribe((event, payload) => {
      if (event === 'chat.delta') firstDelta()
      if (event === 'chat.finished') finished.push(payload)
    })
    const started = await harness.chat.start({ agentId: harness.agentId, text: 'long answer please' })
    await sawDelta
    expect(harness.chat.cancel(started.turnId)).toBe(true)
    const failure = await failureOf(started.done)
    expect(failure.cause).toBeInstanceOf(TurnStopped)
    const [reply] = assistantRows(started.sessionId)
    expect(reply?.status).toBe('partial')
    expect((reply?.content[0] as { text: string }).text.length).toBeGreaterThan(0)
    expect(finished).toEqual([expect.objectContaining({ stopReason: 'stopped', turnId: started.turnId })])
    expect(harness.chat.cancel(started.turnId)).toBe(false)
  })
})
