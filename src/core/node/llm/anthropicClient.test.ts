import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { anthropicClients, createAnthropicClient } from './anthropicClient'
import { guardedFetch } from './guardedFetch'

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

describe('the current client', () => {
  const credentials = (apiKey: string | undefined) => ({
    modelCredentials: async () => ({ apiKey, baseUrl: 'http://127.0.0.1:9/v1' })
  })

  it('is kept while the key and the endpoint stay the same, and made anew when they change', async () => {
    let key = 'sk-one'
    const clients = anthropicClients({ modelCredentials: async () => credentials(key).modelCredentials() })
    const first = await clients.current()
    expect(await clients.current()).toBe(first)
    expect(await clients.current({ maxRetries: 0 })).not.toBe(first)
    key = 'sk-two'
    const second = await clients.current()
    expect(second).not.toBe(first)
    expect(second.apiKey).toBe('sk-two')
  })

  it('refuses without a key every time it is asked, and gives one once a key is there', async () => {
    let key: string | undefined
    const clients = anthropicClients({ modelCredentials: async () => credentials(key).modelCredentials() })
    await expect(clients.current()).rejects.toThrow(/No API key configured/)
    await expect(clients.current()).rejects.toThrow(/No API key configured/)
    key = 'sk-late'
    expect((await clients.current()).apiKey).toBe('sk-late')
  })
})

describe('the guarded fetch', () => {
  it('sends a text body as the UTF-8 bytes fetch would, lone surrogates replaced', async () => {
    const received: Buffer[] = []
    const server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        received.push(Buffer.concat(chunks))
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`
      const body = '{"text":"caf\u00e9 \ud83d\ude00 lone \ud800 end"}'
      await fetch(url, { method: 'POST', body })
      await guardedFetch(['sk-x'])(url, { method: 'POST', body })
      expect(received).toHaveLength(2)
      expect(received[1]?.equals(received[0] as Buffer)).toBe(true)
      expect(received[1]?.toString('utf8')).toContain('lone \ufffd end')
    } finally {
      server.close()
    }
  })
})
