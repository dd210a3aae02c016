import { writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { blocksOf, systemBlocksOf, toolNames } from '../../../tests/fakeAnthropic'
import { walFramesPending } from '../node/db/walFrames'
import { testId } from '../../shared/testing/ids'
import { present } from '../testing/callCore'
import { plainSession } from '../testing/plainSession'
import { startChatHarness, testCatalog, type ChatHarness } from '../testing/chatHarness'
import { markerCount, sentSystemText } from '../testing/requestShape'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

describe('ChatService turns against the fake Anthropic server', () => {
  it('stores the user message before the call, streams the reply into the store, and reads the cache on turn 2', async () => {
    harness = await startChatHarness()
    harness.fake.script('Hello from the model, nice to meet you.', 'Second answer.')
    const deltas: string[] = []
    harness.core.subscribe((event, payload) => {
      if (event === 'chat.delta') deltas.push(payload.text)
    })
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi there' })
    expect(first.text).toBe('Hello from the model, nice to meet you.')
    expect(deltas.join('')).toBe(first.text)
    const second = await harness.chat.runTurn({ sessionId: first.sessionId, text: 'And again' })
    expect(second.usage.cache_read_input_tokens).toBeGreaterThan(1000)
    expect(second.calls[0]?.missReason).toBeNull()
    expect(first.calls[0]?.missReason).toBe('first_call')

    const detail = harness.sessions.get(first.sessionId)
    expect(detail.messages.map((m) => [m.role, m.status, m.content[0]])).toEqual([
      ['user', 'complete', { type: 'text', text: 'Hi there' }],
      ['assistant', 'complete', { type: 'text', text: 'Hello from the model, nice to meet you.' }],
      ['user', 'complete', { type: 'text', text: 'And again' }],
      ['assistant', 'complete', { type: 'text', text: 'Second answer.' }]
    ])
    const [one, two] = harness.fake.requests.map((r) => r.body)
    expect(sentSystemText(one)).toBe(detail.systemPrompt)
    expect(sentSystemText(two)).toBe(detail.systemPrompt)
    expect(systemBlocksOf(one).map((b) => b.text)).toEqual(
      detail.promptTiers.map((t, i, all) => (i < all.length - 1 ? `${t.text}\n\n` : t.text))
    )
    expect(markerCount(two)).toBeLessThanOrEqual(4)
    expect(detail.turns).toHaveLength(2)
    expect(detail.totals.savedUsd).toBeGreaterThan(0)
  })

  it('places at most four markers and moves them with the conversation through a tool loop', async () => {
    harness = await startChatHarness({}, { catalog: testCatalog() })
    harness.fake.script(
      { toolUses: [{ name: 'lookup', input: { city: 'Paris' } }] },
      { text: 'Checking twice', toolUses: [{ name: 'lookup', input: { city: 'Rome' } }] },
      'Paris is in France.',
      'Noted.'
    )
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Where is Paris?' })
    expect(first.toolCalls.map((c) => [c.name, c.ok])).toEqual([
      ['lookup', true],
      ['lookup', true]
    ])
    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Thanks' })
    const bodies = harness.fake.requests.map((r) => r.body)
    expect(bodies).toHaveLength(4)
    for (const body of bodies) {
      expect(markerCount(body)).toBeLessThanOrEqual(4)
      expect(toolNames(body)).toEqual(['fail', 'lookup'])
      expect(body?.tools?.some((t) => t.cache_control)).toBe(false)
      expect(systemBlocksOf(body)[0]?.cache_control).toMatchObject({ type: 'ephemeral' })
      expect(systemBlocksOf(body).at(-1)?.cache_control).toMatchObject({ type: 'ephemeral' })
      const last = blocksOf(body?.messages.at(-1)).at(-1)
      expect(last?.cache_control).toMatchObject({ type: 'ephemeral' })
    }
    // Call 3's newest marker looks back to the message call 2 ended on, so that one needs no marker.
    const third = present(bodies[2], 'the third request')
    const ended = present(blocksOf(third.messages[2]).at(-1), 'the block its third message ends on')
    expect(ended.cache_control).toBeUndefined()
    const usages = harness.fake.requests.map((r) => r.usage)
    for (const usage of usages.slice(1)) expect(usage?.cache_read_input_tokens).toBeGreaterThan(1000)
    const calls = harness.calls.forSession(first.sessionId)
    expect(calls.slice(1).every((c) => c.missReason === null)).toBe(true)
  })

  it('resumes in a new process with the byte-identical prompt, and rebuilds it once on a model switch', async () => {
    harness = await startChatHarness()
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Remember the colour teal' })
    const stored = harness.sessions.get(first.sessionId).systemPrompt
    writeFileSync(harness.core.services.paths.memory(harness.agentId), 'The user likes teal.\n')
    const other = harness.reopen()
    const resumed = await other.chat.runTurn({ sessionId: first.sessionId, text: 'Which colour?' })
    expect(sentSystemText(harness.fake.requests[1]?.body)).toBe(stored)
    expect(resumed.usage.cache_read_input_tokens).toBeGreaterThan(1000)

    const switched = await other.chat.runTurn({
      sessionId: first.sessionId,
      text: 'Now with another model',
      model: 'claude-opus-5'
    })
    const after = other.sessions.get(first.sessionId)
    expect(after.model).toBe('claude-opus-5')
    expect(after.promptVersion).toBe(2)
    expect(after.systemPrompt).not.toBe(stored)
    expect(after.systemPrompt).toContain('The user likes teal.')
    expect(switched.calls[0]?.missReason).toBe('model_switched')
    expect(harness.fake.requests[2]?.body?.model).toBe('claude-opus-5')
  })

  it("folds a long write-ahead log when a turn ends, so the next send's first commit does not wait for it", async () => {
    harness = await startChatHarness()
    harness.fake.script('First.', 'Second.')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi' })
    const { db, chatStores } = harness.core.internals
    // Another chat's history written since: the log is long, and no pause came for the upkeep.
    const other = testId.session('other')
    chatStores.sessions.createSession(plainSession(other, harness.agentId, 'You are Scribe.', 1))
    for (let i = 0; walFramesPending(db) < 600; i++)
      chatStores.sessions.appendMessage({
        sessionId: other,
        turnId: testId.turn(`t${i}`),
        role: 'user',
        kind: 'text',
        content: [{ type: 'text', text: `note ${i} `.repeat(2000) }],
        status: 'complete',
        nowMs: 10 + i
      })
    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Again' })
    // The turn's own commits came after the long log: once folded at its end, only the restart remains.
    expect(walFramesPending(db)).toBe(1)
    expect(harness.sessions.get(first.sessionId).messages).toHaveLength(4)
  })
})
