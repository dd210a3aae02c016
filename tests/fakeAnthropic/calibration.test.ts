import Anthropic from '@anthropic-ai/sdk'
import type { MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countTokens, startFakeAnthropic, type FakeAnthropic } from './index'

/**
 * The prompt-caching cookbook's multi-turn run (a book in a marked
 * system block, the marker moved to the newest user turn each time) measured on the real API:
 *   turn 1 write 187,354 / input 4; turn 2 read 187,354 / write 36 / input 4;
 *   turn 3 read 187,390 / write 308; turn 4 read 187,698 / write 301.
 * With per-message overhead 3 and tail overhead 4 the simulator must reproduce these exactly
 * when the texts have the cookbook's token sizes.
 */
let fake: FakeAnthropic
beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())

const words = (tokens: number, seed: string): string => `${seed} `.repeat(tokens * 4).slice(0, tokens * 4)

describe('fake Anthropic: calibration against the cookbook numbers', () => {
  it('reproduces read = everything up to the previous turn, write = last assistant turn + new user turn', async () => {
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 30_000 })
    const questions = [
      'Analyze the major themes in the book.',
      words(8, 'why'),
      words(5, 'more'),
      words(5, 'and')
    ]
    const userTokens = countTokens(questions[0]!) + 3
    const book = words(187_354 - userTokens, 'book')
    const system: TextBlockParam[] = [{ type: 'text', text: book, cache_control: { type: 'ephemeral' } }]
    fake.script(words(22, 'first'), words(297, 'second'), words(290, 'third'), 'fourth')
    const history: MessageParam[] = []
    const observed: { read: number; write: number; input: number }[] = []
    for (const question of questions) {
      const turn: MessageParam[] = [
        ...history,
        { role: 'user', content: [{ type: 'text', text: question, cache_control: { type: 'ephemeral' } }] }
      ]
      const message = await client.messages
        .stream({ model: 'claude-3-5-sonnet-20241022', max_tokens: 1024, system, messages: turn })
        .finalMessage()
      observed.push({
        read: message.usage.cache_read_input_tokens ?? -1,
        write: message.usage.cache_creation_input_tokens ?? -1,
        input: message.usage.input_tokens
      })
      history.push(
        { role: 'user', content: [{ type: 'text', text: question }] },
        {
          role: 'assistant',
          content: message.content.map((block) => ({
            type: 'text' as const,
            text: (block as { text: string }).text
          }))
        }
      )
    }
    expect(observed).toEqual([
      { read: 0, write: 187_354, input: 4 },
      { read: 187_354, write: 36, input: 4 },
      { read: 187_390, write: 308, input: 4 },
      { read: 187_698, write: 301, input: 4 }
    ])
    expect(fake.requests[1]?.usage?.output_tokens).toBe(297)
  })
})
