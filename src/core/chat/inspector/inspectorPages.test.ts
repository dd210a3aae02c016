import { afterEach, describe, expect, it } from 'vitest'
import type { MethodName, MethodOutput, RpcResult, SessionId, TurnId } from '../../../shared/contract'
import { dispatch } from '../../rpc/dispatch'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import { REQUEST_MESSAGES_SHOWN } from './sentRequest'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

async function rpc(method: MethodName, input: unknown): Promise<RpcResult<unknown>> {
  return dispatch(harness.core.handlers, { method, input })
}

async function ok<M extends MethodName>(method: M, input: unknown): Promise<MethodOutput<M>> {
  const result = await rpc(method, input)
  if (!result.ok) throw new Error(`${method}: ${result.error.code}: ${result.error.message}`)
  return result.value as MethodOutput<M>
}

/** A chat of `turns` turns through the real turn loop; the last turn's call and its session. */
async function longChat(turns: number): Promise<{ sessionId: SessionId; turnId: TurnId }> {
  harness = await startChatHarness()
  harness.fake.script(...Array.from({ length: turns }, (_, i) => `Answer ${i + 1}.`))
  let last = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Question 1' })
  for (let i = 2; i <= turns; i++)
    last = await harness.chat.runTurn({ sessionId: last.sessionId, text: `Question ${i}` })
  return { sessionId: last.sessionId, turnId: last.turnId }
}

describe('the Inspector’s pages of a long request', () => {
  it('sends a call’s newest messages with their count, and pages the earlier ones exactly', async () => {
    const { sessionId, turnId } = await longChat(12)
    const [call] = (await ok('inspector.turn', { sessionId, turnId })).calls
    if (!call) throw new Error('no call')
    // Eleven answered turns and the twelfth question: 23 messages, the newest 20 sent.
    expect(call.request.messageCount).toBe(23)
    expect(call.request.messages).toHaveLength(REQUEST_MESSAGES_SHOWN)
    expect(call.request.messages.at(-1)?.content[0]).toMatchObject({ text: 'Question 12' })

    const earlier = await ok('inspector.requestMessages', {
      sessionId,
      callId: call.callId,
      before: 3,
      limit: 50
    })
    expect(earlier.from).toBe(0)
    expect(earlier.messages.map((m) => m.content[0]?.text)).toEqual(['Question 1', 'Answer 1.', 'Question 2'])
    const whole = await ok('inspector.requestMessages', {
      sessionId,
      callId: call.callId,
      before: 23,
      limit: 23
    })
    expect([...earlier.messages, ...call.request.messages]).toEqual(whole.messages)

    // The diff against the turn before: 21 positions kept, two new; nothing earlier to page.
    expect(call.requestDiff?.messageCounts).toEqual({ kept: 21, changed: 0, new: 2, gone: 0 })
    expect(call.requestDiff?.messagesFrom).toBe(0)
    const diffPage = await ok('inspector.diffMessages', {
      sessionId,
      callId: call.callId,
      before: 23,
      limit: 5
    })
    expect(diffPage).toEqual({ callId: call.callId, from: 0, messages: call.requestDiff?.messages })
  })

  it('refuses a page past the end, of another session’s call, or of a first call’s diff, saying which', async () => {
    const { sessionId, turnId } = await longChat(1)
    const [call] = (await ok('inspector.turn', { sessionId, turnId })).calls
    const callId = call?.callId ?? 0
    expect(await rpc('inspector.requestMessages', { sessionId, callId, before: 5, limit: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('has 1 messages') }
    })
    expect(
      await rpc('inspector.requestMessages', { sessionId, callId: callId + 99, before: 0, limit: 5 })
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining(`No call #${callId + 99}`) }
    })
    expect(await rpc('inspector.diffMessages', { sessionId, callId, before: 1, limit: 5 })).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringContaining('first') }
    })
    expect(
      await rpc('inspector.requestMessages', { sessionId, callId, before: 0, limit: 501 })
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })
})
