import { afterEach, describe, expect, it } from 'vitest'
import { createAnthropicClient } from './anthropicClient'

describe('the SDK client', () => {
  const saved = process.env.ANTHROPIC_BASE_URL
  afterEach(() => {
    if (saved === undefined) delete process.env.ANTHROPIC_BASE_URL
    else process.env.ANTHROPIC_BASE_URL = saved
  })

  it('sends a key meant for Anthropic to Anthropic, whatever ANTHROPIC_BASE_URL the process carries', async () => {
    process.env.ANTHROPIC_BASE_URL = 'http://elsewhere.example'
    expect((await createAnthropicClient({ apiKey: 'sk-test', baseUrl: undefined })).baseURL).toBe(
      'https://api.anthropic.com'
    )
  })

  it('goes to the base URL it was given', async () => {
    expect(
      (await createAnthropicClient({ apiKey: 'sk-test', baseUrl: 'https://gateway.example/v1' })).baseURL
    ).toBe('https://gateway.example/v1')
  })
})
