import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../createCore'
import type { TurnContextProvider } from '../../ports/turnContext'
import { startChatHarness, testCatalog, type ChatHarness } from '../../testing/chatHarness'
import { blocksOf, textsOf, type SentBlock } from '../../../../tests/fakeAnthropic'
import { present } from '../../testing/callCore'
import { sentSystemText } from '../../testing/requestShape'
import { CHECKPOINT_HEADING, COMPRESSION_INSTRUCTION } from './compression'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

const FENCE =
  '<memory-context>\n[Recalled background, not new user input.]\n\nThe user’s dog is called Rex.\n</memory-context>'

describe('per-turn context and fences', () => {
  it('appends context to the current user message only, never stores it, and filters fences out of the stream', async () => {
    const seen: number[] = []
    const provider: TurnContextProvider = {
      id: 'test-recall',
      provide: async (request) => ({
        providerId: 'recall',
        fenceTag: 'memory-context',
        text: FENCE,
        detail: { turn: request.turnIndex }
      }),
      onTurnCompleted: (request) => seen.push(request.turnIndex)
    }
    harness = await startChatHarness({}, { contextProviders: [provider] })
    harness.fake.script(
      { text: ['Your dog is ', '<memory-', 'context>echoed recall</memory-context>', 'Rex.'] },
      'Yes.'
    )
    const deltas: string[] = []
    harness.core.subscribe((event, payload) => event === 'chat.delta' && deltas.push(payload.text))
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'What is my dog called?' })
    expect(first.text).toBe('Your dog is Rex.')
    expect(deltas.join('')).toBe('Your dog is Rex.')

    const sent = present(harness.fake.requests[0]?.body, 'the first request')
    expect(textsOf(sent.messages.at(-1))).toEqual(['What is my dog called?', FENCE])
    expect(blocksOf(sent.messages.at(-1))).toHaveLength(2)
    expect(blocksOf(sent.messages.at(-1))[1]?.cache_control).toBeUndefined()
    expect(JSON.stringify(sent.system)).not.toContain('memory-context')

    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Thanks' })
    const second = present(harness.fake.requests[1]?.body, 'the second request')
    expect(second.messages[0]?.content).toEqual([{ type: 'text', text: 'What is my dog called?' }])
    expect(blocksOf(second.messages.at(-1))[1]?.text).toBe(FENCE)
    expect(harness.fake.requests[1]?.usage?.cache_read_input_tokens).toBeGreaterThan(1000)

    const stored = JSON.stringify(harness.sessions.get(first.sessionId))
    expect(stored).not.toContain('memory-context')
    expect(stored).not.toContain('echoed recall')
    expect(stored).not.toContain('called Rex')
    expect(seen).toEqual([0, 1])
    const call = harness.sessions.inspect(first.sessionId, first.turnId).calls[0]
    expect(call?.request.context).toEqual([
      expect.objectContaining({ providerId: 'recall', fenceTag: 'memory-context', chars: FENCE.length })
    ])
  })

  it('rides on the turn’s newest user message, so a tool loop’s cache write never holds it and the next turn reads the loop', async () => {
    const provider: TurnContextProvider = {
      id: 'test-recall',
      provide: async () => ({ providerId: 'recall', fenceTag: 'memory-context', text: FENCE })
    }
    harness = await startChatHarness({}, { contextProviders: [provider], catalog: testCatalog() })
    harness.fake.script(
      { text: 'Checking.', toolUses: [{ name: 'lookup', input: { city: 'Paris' } }] },
      'Paris is in France.',
      'You are welcome.'
    )
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Where is Paris?' })
    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Thanks' })
    const [opening, followUp, next] = harness.fake.requests.filter((r) => r.path === '/v1/messages')
    const blocks = (request: typeof opening, index: number): readonly SentBlock[] =>
      blocksOf(request?.body?.messages.at(index))
    const shape = (request: typeof opening): string[] =>
      (request?.body?.messages ?? []).map((message) =>
        blocksOf(message)
          .map((block) => (block.text === FENCE ? 'fence' : block.type))
          .join('+')
      )
    expect(shape(opening)).toEqual(['text+fence'])
    expect(shape(followUp)).toEqual(['text', 'text+tool_use', 'tool_result+fence'])
    expect(blocks(followUp, -1)[0]?.cache_control).toEqual(expect.objectContaining({ type: 'ephemeral' }))
    expect(blocks(followUp, -1)[1]?.cache_control).toBeUndefined()
    expect(shape(next)).toEqual(['text', 'text+tool_use', 'tool_result', 'text', 'text+fence'])
    // Everything the follow-up call wrote to the cache is read again by the next turn.
    const wrote =
      (followUp?.usage?.cache_read_input_tokens ?? 0) + (followUp?.usage?.cache_creation_input_tokens ?? 0)
    expect(next?.usage?.cache_read_input_tokens).toBe(wrote)
    const call = harness.sessions.inspect(first.sessionId, first.turnId).calls[1]
    expect(call?.request.context).toEqual([expect.objectContaining({ chars: FENCE.length })])
  })

  it('builds the first call from the transcript read at the send, unless a message was stored since', async () => {
    const elsewhere: TurnContextProvider = {
      id: 'elsewhere',
      // Another writer stores a message in the chat while this turn gathers its context.
      provide: async (request) => {
        if (request.turnIndex === 1)
          harness.core.internals.chatStores.sessions.appendMessage({
            sessionId: request.sessionId,
            turnId: request.turnId,
            role: 'assistant',
            kind: 'reply',
            content: [{ type: 'text', text: 'Stored by another writer.' }],
            status: 'complete',
            nowMs: Date.now()
          })
        return null
      }
    }
    harness = await startChatHarness({}, { contextProviders: [elsewhere] })
    harness.fake.script('First.', 'Second.')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'One' })
    await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Two' })
    const [opening, next] = harness.fake.requests.filter((r) => r.path === '/v1/messages')
    expect(opening?.body?.messages.map((m) => textsOf(m).join(''))).toEqual(['One'])
    expect(next?.body?.messages.map((m) => textsOf(m).join(''))).toEqual([
      'One',
      'First.',
      'Two',
      'Stored by another writer.'
    ])
  })

  it('keeps chatting when a provider throws', async () => {
    const broken: TurnContextProvider = {
      id: 'broken',
      provide: async () => Promise.reject(new Error('index missing'))
    }
    harness = await startChatHarness({}, { contextProviders: [broken] })
    const result = await harness.chat.runTurn({ agentId: harness.agentId, text: 'hello' })
    expect(result.text).toContain('Fake reply')
  })

  it('refuses two turn-context providers with one id when the core is built, and lets the home go', () => {
    const home = mkdtempSync(join(tmpdir(), 'hearth-providers-'))
    try {
      const twice: TurnContextProvider = { id: 'twice', provide: async () => null }
      const build = (): Core => createCore({ home, host: 'cli', seams: { contextProviders: [twice, twice] } })
      expect(build).toThrow(/turn-context provider "twice" is already registered/)
      const core = createCore({ home, host: 'cli' })
      expect(core.services.agents.list()).toEqual([])
      core.dispose()
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })
})

describe('compression', () => {
  it('summarises older turns into a checkpoint, keeps them searchable, and rebuilds the prompt once with fresh memory', async () => {
    let threshold = Number.POSITIVE_INFINITY
    harness = await startChatHarness({ compressAtTokens: () => threshold })
    harness.fake.script(
      'First answer about zebras.',
      'Second answer.',
      'Summary: we talked about zebras and giraffes.',
      'Third answer.',
      'Fourth answer.'
    )
    const one = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Tell me about zebras' })
    await harness.chat.runTurn({ sessionId: one.sessionId, text: 'And giraffes?' })
    writeFileSync(harness.core.services.paths.memory(harness.agentId), 'Prefers short answers.\n')
    threshold = 0
    const three = await harness.chat.runTurn({ sessionId: one.sessionId, text: 'And lions?' })
    threshold = Number.POSITIVE_INFINITY
    expect(three.compressed).toBe(true)
    expect(three.text).toBe('Third answer.')

    const compressionRequest = present(harness.fake.requests[2]?.body, 'the compression request')
    expect(blocksOf(compressionRequest.messages.at(-1)).at(-1)?.text).toBe(COMPRESSION_INSTRUCTION)
    expect(compressionRequest.system).toEqual(harness.fake.requests[1]?.body?.system)

    const detail = harness.sessions.get(one.sessionId)
    expect(detail.promptVersion).toBe(2)
    expect(detail.systemPrompt).toContain('Prefers short answers.')
    const checkpoint = detail.messages.find((m) => m.kind === 'checkpoint')
    expect((checkpoint?.content[0] as { text: string }).text).toBe(
      `${CHECKPOINT_HEADING}\n\nSummary: we talked about zebras and giraffes.`
    )
    expect(detail.messages.filter((m) => !m.inContext).map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'Tell me about zebras' },
      { type: 'text', text: 'First answer about zebras.' }
    ])
    const after = present(harness.fake.requests[3]?.body, 'the request after compression')
    expect(sentSystemText(after)).toBe(detail.systemPrompt)
    expect(blocksOf(after.messages[0])[0]?.text).toContain(CHECKPOINT_HEADING)
    expect(harness.sessions.search('zebras', {}).map((hit) => hit.snippet)).toContain(
      'Tell me about [zebras]'
    )

    const four = await harness.chat.runTurn({ sessionId: one.sessionId, text: 'Anything else?' })
    expect(four.compressed).toBe(false)
    expect(harness.sessions.get(one.sessionId).promptVersion).toBe(2)
    expect(harness.fake.requests[4]?.usage?.cache_read_input_tokens).toBeGreaterThan(1000)
    expect(three.calls.some((c) => c.missReason === 'prompt_rebuilt')).toBe(true)
  })
})
