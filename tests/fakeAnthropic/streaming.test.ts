import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { messagesOf, startFakeAnthropic, type FakeAnthropic } from './index'

let fake: FakeAnthropic
let client: Anthropic

beforeAll(async () => {
  fake = await startFakeAnthropic()
  client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 5000 })
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const base = { model: 'claude-sonnet-5', max_tokens: 256 } as const
const tools = [
  {
    name: 'read_file',
    description: 'Read a file',
    input_schema: { type: 'object' as const, properties: { path: { type: 'string' } } }
  }
]

describe('fake Anthropic: wire protocol with the real SDK', () => {
  it('streams scripted text in several deltas and reports usage', async () => {
    fake.script({ text: ['Hel', 'lo, ', 'world'] })
    const stream = client.messages.stream({ ...base, messages: [{ role: 'user', content: 'hi' }] })
    const deltas: string[] = []
    stream.on('text', (delta) => deltas.push(delta))
    const message = await stream.finalMessage()
    expect(deltas).toEqual(['Hel', 'lo, ', 'world'])
    expect(message.content).toEqual([{ type: 'text', text: 'Hello, world' }])
    expect(message.stop_reason).toBe('end_turn')
    expect(message.usage.input_tokens).toBeGreaterThan(0)
    expect(message.usage.output_tokens).toBe(3)
    expect(fake.requests[0]?.headers['authorization']).toBe('Bearer sk-test')
    expect(fake.requests[0]?.body?.stream).toBe(true)
  })

  it('streams a tool_use block whose input arrives as input_json_delta fragments', async () => {
    const input = { path: 'src/a.ts', lines: [1, 20], note: 'a long enough value to need several fragments' }
    fake.script({ text: 'Reading it.', toolUses: [{ name: 'read_file', input }] })
    const events: string[] = []
    const stream = client.messages.stream({
      ...base,
      tools,
      messages: [{ role: 'user', content: 'read a.ts' }]
    })
    stream.on('streamEvent', (event) =>
      events.push(event.type === 'content_block_delta' ? event.delta.type : event.type)
    )
    const message = await stream.finalMessage()
    expect(message.stop_reason).toBe('tool_use')
    expect(message.content[1]).toEqual({ type: 'tool_use', id: 'toolu_fake_1_1', name: 'read_file', input })
    expect(events.filter((type) => type === 'input_json_delta').length).toBeGreaterThan(2)
    expect(events.at(-1)).toBe('message_stop')
    expect(stream.request_id).toBe('req_fake_0001')
  })

  it('answers non-streaming create with the same message shape', async () => {
    fake.script({
      content: [
        { type: 'tool_use', name: 'read_file', input: { path: 'x' } },
        { type: 'text', text: 'after' }
      ],
      stopReason: 'end_turn'
    })
    const message = await client.messages.create({
      ...base,
      tools,
      messages: [{ role: 'user', content: 'go' }]
    })
    expect(message.content.map((block) => block.type)).toEqual(['tool_use', 'text'])
    expect(message.stop_reason).toBe('end_turn')
    expect(message.usage.cache_creation).toEqual({
      ephemeral_5m_input_tokens: 0,
      ephemeral_1h_input_tokens: 0
    })
  })

  it('falls back to a deterministic echo, then a reply function, with an empty queue', async () => {
    const first = await client.messages.create({ ...base, messages: [{ role: 'user', content: 'ping me' }] })
    expect(first.content).toEqual([{ type: 'text', text: 'Fake reply: ping me' }])
    fake.respondWith((request) => `turns: ${messagesOf(request.body).length}`)
    const second = await client.messages.create({
      ...base,
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' }
      ]
    })
    expect(second.content).toEqual([{ type: 'text', text: 'turns: 3' }])
  })

  it('answers a forced tool_choice with a call of that tool and its configured input', async () => {
    fake.setToolInput('save_facts', { facts: ['likes tea'] })
    const saveTool = { name: 'save_facts', input_schema: { type: 'object' as const, properties: {} } }
    const message = await client.messages
      .stream({
        ...base,
        tools: [...tools, saveTool],
        tool_choice: { type: 'tool', name: 'save_facts' },
        messages: [{ role: 'user', content: 'extract' }]
      })
      .finalMessage()
    expect(message.content).toEqual([
      { type: 'tool_use', id: 'toolu_fake_1_0', name: 'save_facts', input: { facts: ['likes tea'] } }
    ])
    expect(message.stop_reason).toBe('tool_use')
  })

  it('rejects a missing key with 401 authentication_error and a bad body with 400', async () => {
    const response = await fetch(`${fake.url}/v1/messages`, {
      method: 'POST',
      headers: { 'anthropic-version': '2023-06-01' },
      body: '{}'
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('request-id')).toMatch(/^req_fake_/)
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'authentication_error' } })
    const wrongKey = await startFakeAnthropic({ apiKey: 'sk-right' })
    try {
      const other = new Anthropic({ apiKey: 'sk-wrong', baseURL: wrongKey.url, maxRetries: 0 })
      await expect(
        other.messages.create({ ...base, messages: [{ role: 'user', content: 'x' }] })
      ).rejects.toBeInstanceOf(Anthropic.AuthenticationError)
    } finally {
      await wrongKey.close()
    }
    await expect(client.messages.create({ ...base, messages: [] })).rejects.toMatchObject({
      status: 400,
      type: 'invalid_request_error'
    })
  })

  it('accepts the SDK 0.x x-api-key header and reports count_tokens without caching', async () => {
    const headers = {
      'x-api-key': 'sk-old',
      'anthropic-version': '2023-06-01',
      'content-type': 'application/json'
    }
    const body = JSON.stringify({
      model: 'claude-sonnet-5',
      messages: [{ role: 'user', content: 'x'.repeat(400) }]
    })
    const response = await fetch(`${fake.url}/v1/messages/count_tokens`, { method: 'POST', headers, body })
    expect(await response.json()).toEqual({ input_tokens: 100 + 3 + 4 })
    const counted = await client.messages.countTokens({
      model: 'claude-sonnet-5',
      messages: [{ role: 'user', content: 'x'.repeat(400) }]
    })
    expect(counted.input_tokens).toBe(107)
  })
})
