import { afterEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'

let harness: ChatHarness | undefined

afterEach(async () => {
  await harness?.close()
})

/** `max_tokens` comes from one setting; the call record keeps the value sent, which the Inspector shows. */
describe('max_tokens of a reply call', () => {
  it('is the maxOutputTokens setting, sent to the model, recorded and shown as sent', async () => {
    const chat = await startChatHarness()
    harness = chat
    await chat.core.services.config.patch({ maxOutputTokens: 1234 })
    chat.fake.script('Short answer.')
    const turn = await chat.chat.runTurn({ agentId: chat.agentId, text: 'Hello' })
    expect(chat.fake.requests.map((request) => request.body?.max_tokens)).toEqual([1234])
    const [call] = chat.sessions.inspect(turn.sessionId, turn.turnId).calls
    expect(call?.request.maxTokens).toBe(1234)
  })

  it('is 8192 when the setting is left alone', async () => {
    const chat = await startChatHarness()
    harness = chat
    chat.fake.script('Short answer.')
    const turn = await chat.chat.runTurn({ agentId: chat.agentId, text: 'Hello' })
    expect(chat.fake.requests.map((request) => request.body?.max_tokens)).toEqual([8192])
    expect(chat.sessions.inspect(turn.sessionId, turn.turnId).calls[0]?.request.maxTokens).toBe(8192)
  })
})
