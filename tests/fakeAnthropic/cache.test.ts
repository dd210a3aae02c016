import Anthropic from '@anthropic-ai/sdk'
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from './index'

let fake: FakeAnthropic
let client: Anthropic

beforeAll(async () => {
  fake = await startFakeAnthropic()
  client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 10_000 })
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const MODEL = 'claude-sonnet-5' // minimum cacheable prefix 1,024 tokens
const marker = { type: 'ephemeral' as const }
/** Text of exactly `tokens` tokens under the fake's 4-bytes-per-token counter. */
const textOf = (tokens: number, letter = 'a'): string => letter.repeat(tokens * 4)
const system = (tokens: number, ttl?: '5m' | '1h'): TextBlockParam[] => [
  { type: 'text', text: textOf(tokens, 's'), cache_control: ttl ? { ...marker, ttl } : marker }
]

async function usageOf(params: Partial<Anthropic.MessageCreateParamsNonStreaming>) {
  const message = await client.messages.create({
    model: MODEL,
    max_tokens: 64,
    messages: [{ role: 'user', content: 'hi' }],
    ...params
  })
  return message.usage
}

describe('fake Anthropic: prompt-cache accounting', () => {
  it('writes on the first call and reads the same prefix on the second (streaming too)', async () => {
    const first = await usageOf({ system: system(2000) })
    expect(first).toMatchObject({
      cache_creation_input_tokens: 2000,
      cache_read_input_tokens: 0,
      input_tokens: 1 + 3 + 4
    })
    expect(first.cache_creation).toEqual({ ephemeral_5m_input_tokens: 2000, ephemeral_1h_input_tokens: 0 })
    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 64,
      system: system(2000),
      messages: [{ role: 'user', content: 'hi' }]
    })
    const second = (await stream.finalMessage()).usage
    expect(second).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 2000,
      input_tokens: 8
    })
    expect(fake.stats().hitRate).toBeCloseTo(2000 / 4016, 5)
  })

  it('does not cache a prefix below the model minimum, silently', async () => {
    const usage = await usageOf({ system: system(1000) })
    expect(usage).toMatchObject({
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      input_tokens: 1008
    })
    const haiku = await usageOf({ model: 'claude-haiku-4-5-20251001', system: system(2000) })
    expect(haiku.cache_creation_input_tokens).toBe(0) // Haiku 4.5 needs 4,096
  })

  it('rejects a fifth breakpoint, counting the automatic one', async () => {
    const blocks = Array.from({ length: 5 }, (_, index): TextBlockParam => ({
      type: 'text',
      text: `part ${index}`,
      cache_control: marker
    }))
    await expect(usageOf({ system: blocks })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('A maximum of 4 blocks with cache_control may be provided. Found 5.')
    })
    const four = blocks.slice(0, 4)
    expect((await usageOf({ system: four })).input_tokens).toBeGreaterThan(0)
    await expect(usageOf({ system: four, cache_control: marker })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError
    )
  })

  it('rejects a 1h breakpoint after a 5m one', async () => {
    const blocks: TextBlockParam[] = [
      { type: 'text', text: 'a', cache_control: marker },
      { type: 'text', text: 'b', cache_control: { ...marker, ttl: '1h' } }
    ]
    await expect(usageOf({ system: blocks })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("a ttl='1h' cache_control block must not come after a ttl='5m'")
    })
  })

  it('expires a 5-minute entry on the clock, refreshing it on every read', async () => {
    await usageOf({ system: system(2000) })
    fake.clock.advance(4 * 60_000)
    expect((await usageOf({ system: system(2000) })).cache_read_input_tokens).toBe(2000)
    fake.clock.advance(4 * 60_000) // 8 min after the write, 4 after the refresh
    expect((await usageOf({ system: system(2000) })).cache_read_input_tokens).toBe(2000)
    fake.clock.advance(5 * 60_000 + 1)
    expect(await usageOf({ system: system(2000) })).toMatchObject({
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 2000
    })
  })

  it('keeps a 1-hour entry past 5 minutes and bills it as a 1h write', async () => {
    const first = await usageOf({ system: system(2000, '1h') })
    expect(first.cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 2000 })
    fake.clock.advance(59 * 60_000)
    expect((await usageOf({ system: system(2000, '1h') })).cache_read_input_tokens).toBe(2000)
  })

  it('finds the previous write 19 positions back but not 20 (tool runs count once)', async () => {
    const history = (extra: number): MessageParam[] => [
      { role: 'user', content: [{ type: 'text', text: 'first question' }] },
      ...Array.from({ length: extra }, (_, index): MessageParam => ({
        role: index % 2 === 0 ? 'assistant' : 'user',
        content: `turn ${index}`
      }))
    ]
    const withMarker = (messages: MessageParam[]): MessageParam[] => {
      const last = messages[messages.length - 1]!
      const text = typeof last.content === 'string' ? last.content : (last.content[0] as TextBlockParam).text
      return [
        ...messages.slice(0, -1),
        { role: last.role, content: [{ type: 'text', text, cache_control: marker }] }
      ]
    }
    const params = { system: [{ type: 'text' as const, text: textOf(2000, 's') }] }
    const cumFirst = 2000 + 4 + 3 // system + 'first question' (14 bytes) + message overhead
    expect((await usageOf({ ...params, messages: withMarker(history(0)) })).cache_creation_input_tokens).toBe(
      cumFirst
    )
    expect((await usageOf({ ...params, messages: withMarker(history(19)) })).cache_read_input_tokens).toBe(
      cumFirst
    )
    fake.reset()
    await usageOf({ ...params, messages: withMarker(history(0)) })
    expect((await usageOf({ ...params, messages: withMarker(history(20)) })).cache_read_input_tokens).toBe(0)
    const toolCalls = Array.from({ length: 30 }, (_, index) => ({
      type: 'tool_use' as const,
      id: `t${index}`,
      name: 'look',
      input: { index }
    }))
    const results = toolCalls.map((call) => ({
      type: 'tool_result' as const,
      tool_use_id: call.id,
      content: 'ok'
    }))
    const loop: MessageParam[] = [
      ...history(0),
      { role: 'assistant', content: toolCalls },
      { role: 'user', content: [...results.slice(0, -1), { ...results[29]!, cache_control: marker }] }
    ]
    fake.reset()
    await usageOf({ ...params, messages: withMarker(history(0)) })
    expect(
      (
        await usageOf({
          ...params,
          tools: [{ name: 'look', input_schema: { type: 'object' } }],
          messages: loop
        })
      ).cache_read_input_tokens
    ).toBe(0) // tools changed the prefix
    expect((await usageOf({ ...params, messages: loop })).cache_read_input_tokens).toBe(cumFirst)
  })

  it('invalidates by level: tools → everything, tool_choice → messages only', async () => {
    const tools = [{ name: 'look', input_schema: { type: 'object' as const } }]
    const messages: MessageParam[] = [
      { role: 'user', content: [{ type: 'text', text: textOf(500), cache_control: marker }] }
    ]
    const first = await usageOf({ tools, system: system(2000), messages })
    const sameTools = await usageOf({ tools, system: system(2000), messages, tool_choice: { type: 'any' } })
    expect(sameTools.cache_read_input_tokens).toBe((first.cache_creation_input_tokens ?? 0) - (500 + 3)) // tools + system survive
    const otherTools = await usageOf({
      tools: [{ ...tools[0]!, description: 'changed' }],
      system: system(2000),
      messages
    })
    expect(otherTools.cache_read_input_tokens).toBe(0)
  })

  it('places the automatic breakpoint on the last block and moves it forward', async () => {
    const turn1: MessageParam[] = [{ role: 'user', content: textOf(1500) }]
    expect((await usageOf({ messages: turn1, cache_control: marker })).cache_creation_input_tokens).toBe(1503)
    const turn2: MessageParam[] = [
      ...turn1,
      { role: 'assistant', content: textOf(10) },
      { role: 'user', content: textOf(5) }
    ]
    expect(await usageOf({ messages: turn2, cache_control: marker })).toMatchObject({
      cache_read_input_tokens: 1503,
      cache_creation_input_tokens: 13 + 8,
      input_tokens: 4
    })
  })

  it('counts_tokens reports the same total without touching the cache', async () => {
    const counted = await client.messages.countTokens({
      model: MODEL,
      system: system(2000),
      messages: [{ role: 'user', content: 'hi' }]
    })
    expect(counted.input_tokens).toBe(2008)
    expect((await usageOf({ system: system(2000) })).cache_read_input_tokens).toBe(0)
  })
})
