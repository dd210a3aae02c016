import Anthropic from '@anthropic-ai/sdk'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from './index'

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF').toString('base64')

let fake: FakeAnthropic
let client: Anthropic
beforeAll(async () => {
  fake = await startFakeAnthropic()
  client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0 })
})
afterAll(() => fake.close())

function ask(content: unknown[], role: 'user' | 'assistant' = 'user'): Promise<Anthropic.Message> {
  const messages =
    role === 'user'
      ? [{ role, content }]
      : [
          { role: 'user', content: 'hi' },
          { role, content }
        ]
  return client.messages.create({
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    messages: messages as Anthropic.MessageParam[]
  })
}

describe('fake Anthropic: image and document blocks', () => {
  it('accepts base64 images and PDFs and bills them per block, not per base64 character', async () => {
    fake.reset()
    fake.script('Seen.')
    const reply = await ask([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: PDF },
        title: 'notes.pdf'
      },
      { type: 'text', text: 'What is this?' }
    ])
    expect(reply.content[0]).toMatchObject({ type: 'text', text: 'Seen.' })
    expect(reply.usage.input_tokens).toBeGreaterThan(1600 + 3000)
    expect(reply.usage.input_tokens).toBeLessThan(1600 + 3000 + 100)
  })

  it('accepts a plain-text document and bills it by its text', async () => {
    fake.reset()
    fake.script('Read.')
    const text = 'Tide at 06:12, 2.4 m. '.repeat(100)
    const reply = await ask([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, title: 'tides.md' },
      { type: 'text', text: 'Summarise.' }
    ])
    expect(reply.content[0]).toMatchObject({ type: 'text', text: 'Read.' })
    expect(reply.usage.input_tokens).toBeGreaterThan(text.length / 5)
    expect(reply.usage.input_tokens).toBeLessThan(3000)
    await expect(
      ask([{ type: 'document', source: { type: 'text', media_type: 'text/markdown', data: text } }])
    ).rejects.toThrow(/media_type: Input should be 'text\/plain'/)
    await expect(
      ask([{ type: 'image', source: { type: 'text', media_type: 'text/plain', data: text } }])
    ).rejects.toThrow(/source.type: Input should be 'base64', 'url' or 'file'/)
  })

  it('refuses what the real API refuses, with its messages', async () => {
    fake.reset()
    await expect(
      ask([{ type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: PNG } }])
    ).rejects.toThrow(/media_type: Input should be 'image\/jpeg'/)
    await expect(
      ask([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'not base64!' } }])
    ).rejects.toThrow(/invalid base64/)
    await expect(
      ask([
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: 'A'.repeat(5 * 1024 * 1024 + 4) }
        }
      ])
    ).rejects.toThrow(/image exceeds 5 MB maximum/)
    await expect(
      ask(
        [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: PDF } }],
        'assistant'
      )
    ).rejects.toThrow(/only allowed in user messages/)
    const many = Array.from({ length: 101 }, () => ({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG }
    }))
    await expect(ask(many)).rejects.toThrow(/too many images/)
    expect(fake.requests.map((r) => r.status)).toEqual([400, 400, 400, 400, 400])
  })

  it('answers a body over 32 MB with 413 request_too_large', async () => {
    fake.reset()
    const error = await ask([{ type: 'text', text: 'x'.repeat(33 * 1024 * 1024) }]).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Anthropic.APIError)
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(413)
    expect(fake.requests[0]?.status).toBe(413)
  })
})
