import Anthropic from '@anthropic-ai/sdk'
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { recordedRequestsSchema } from './recorded'

const clockSchema = z.object({ now: z.number() })

/** The fake runs in its own process here, as it does for Playwright and CLI tests. */
let child: ChildProcess
let url: string

beforeAll(async () => {
  child = spawn(process.execPath, [resolve(import.meta.dirname, 'run.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit']
  })
  const firstLine = await new Promise<string>((done) =>
    createInterface({ input: child.stdout! }).once('line', done)
  )
  url = (JSON.parse(firstLine) as { url: string }).url
})
afterAll(() => {
  child.stdin?.end()
})

async function control(
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${url}/__fake/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  return { status: response.status, json: await response.json() }
}

describe('fake Anthropic: control API from another process', () => {
  it('prints its url first, accepts scripted replies and records requests', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await control('POST', 'reset')).toEqual({ status: 200, json: { ok: true } })
    expect(
      (await control('POST', 'script', ['first', { toolUses: [{ name: 'note', input: { a: 1 } }] }])).json
    ).toEqual({ pending: 2 })
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: url, maxRetries: 0 })
    const params = {
      model: 'claude-sonnet-5',
      max_tokens: 64,
      messages: [{ role: 'user' as const, content: 'hello' }]
    }
    const tools = [{ name: 'note', input_schema: { type: 'object' as const } }]
    expect((await client.messages.stream(params).finalMessage()).content).toEqual([
      { type: 'text', text: 'first' }
    ])
    expect((await client.messages.create({ ...params, tools })).content[0]).toMatchObject({
      type: 'tool_use',
      name: 'note',
      input: { a: 1 }
    })
    const requests = recordedRequestsSchema.parse((await control('GET', 'requests?path=/v1/messages')).json)
    expect(requests).toHaveLength(2)
    expect(requests[0]).toMatchObject({
      index: 0,
      status: 200,
      body: { model: 'claude-sonnet-5', stream: true }
    })
    expect(requests[1]?.usage?.input_tokens).toBeGreaterThan(0)
    expect((await control('GET', 'requests?since=1')).json).toHaveLength(1)
    expect((await control('GET', 'stats')).json).toMatchObject({ requests: 2, hitRate: 0 })
  })

  it('injects faults, sets forced-tool inputs and advances the clock', async () => {
    await control('POST', 'reset')
    expect((await control('POST', 'fault', { kind: 'http', status: 529 })).json).toEqual({ pending: 1 })
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: url, maxRetries: 0 })
    const params = {
      model: 'claude-sonnet-5',
      max_tokens: 64,
      messages: [{ role: 'user' as const, content: 'x' }]
    }
    await expect(client.messages.create(params)).rejects.toMatchObject({
      status: 529,
      type: 'overloaded_error'
    })
    await control('POST', 'tool-input', { name: 'pick', input: { choice: 2 } })
    const forced = await client.messages.create({
      ...params,
      tools: [{ name: 'pick', input_schema: { type: 'object' } }],
      tool_choice: { type: 'tool', name: 'pick' }
    })
    expect(forced.content[0]).toMatchObject({ name: 'pick', input: { choice: 2 } })
    const before = clockSchema.parse((await control('POST', 'clock', { advanceMs: 0 })).json).now
    const after = clockSchema.parse((await control('POST', 'clock', { advanceMs: 3_600_000 })).json).now
    expect(after - before).toBeGreaterThanOrEqual(3_600_000)
  })

  it('rejects malformed control commands with a specific 400 and changes nothing', async () => {
    await control('POST', 'reset')
    expect(await control('POST', 'fault', { kind: 'explode' })).toEqual({
      status: 400,
      json: { error: 'faults[0].kind: expected one of http, stream_error, drop, slow' }
    })
    expect((await control('POST', 'script', [{ content: [{ type: 'image' }] }])).status).toBe(400)
    expect((await control('POST', 'clock', { advanceMs: 'soon' })).json).toEqual({
      error: expect.stringContaining('advanceMs')
    })
    expect((await control('GET', 'nowhere')).status).toBe(404)
    expect((await control('GET', 'stats')).json).toMatchObject({ requests: 0 })
    const response = await fetch(`${url}/__fake/script`, { method: 'POST', body: '{not json' })
    expect(await response.json()).toEqual({ error: 'control body is not valid JSON' })
  })
})
