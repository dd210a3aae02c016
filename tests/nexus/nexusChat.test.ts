import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  blocksOf,
  messagesOf,
  startFakeAnthropic,
  type FakeAnthropic,
  type RecordedRequest
} from '../fakeAnthropic'
import { CLI } from '../helpers/cli'
import { field } from '../helpers/jsonField'

let fake: FakeAnthropic
let home: string

/** Async: the fake model lives in this process, so a blocking spawn would deadlock it. */
function hearth(...args: string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  const child = spawn(process.execPath, [CLI, '--home', home, '--json', ...args], {
    env: { ...process.env, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  return new Promise((resolve) =>
    child.once('close', (code) =>
      resolve({ code: code ?? -1, json: stdout.trim() ? JSON.parse(stdout) : null, stderr })
    )
  )
}

function lastUserText(request: RecordedRequest | undefined): string {
  const last = messagesOf(request?.body)
    .filter((message) => message.role === 'user')
    .at(-1)
  return blocksOf(last)
    .map((block) => block.text ?? '')
    .join('\n')
}

/** The session a `hearth chat --json` run answered in. */
function sessionOf(run: { json: unknown }): string {
  return z.object({ sessionId: z.string() }).parse(run.json).sessionId
}

const tailSchema = z.object({
  entries: z.array(
    z.looseObject({
      seq: z.number(),
      agent: z.string(),
      type: z.string(),
      summary: z.string(),
      refs: z.array(z.number())
    })
  )
})

beforeAll(async () => {
  fake = await startFakeAnthropic()
  home = mkdtempSync(join(tmpdir(), 'hearth-nexus-chat-'))
})
afterAll(async () => {
  await fake?.close()
  rmSync(home, { recursive: true, force: true })
})

describe('the Nexus in real chat turns (CLI, fake model)', () => {
  it("shows another agent's decision until it is acknowledged, never the agent's own, and sums the session up at its end", async () => {
    expect((await hearth('agents', 'create', 'Ella')).code).toBe(0)
    expect((await hearth('agents', 'create', 'Lyra')).code).toBe(0)

    fake.script(
      {
        toolUses: [
          {
            name: 'nexus_post',
            input: { type: 'decision', summary: 'Dates are stored in UTC', rationale: 'Users travel' }
          }
        ]
      },
      'Decided: UTC.'
    )
    const ella = await hearth('chat', '--agent', 'ella', 'Pick a time zone for stored dates')
    expect(ella.code, ella.stderr).toBe(0)
    expect(field(ella.json, 'toolCalls')).toMatchObject([{ name: 'nexus_post', ok: true }])
    const ellaRequests = fake.requests.length

    fake.script('Noted, I will store UTC.')
    const lyra = await hearth('chat', '--agent', 'lyra', 'How should I store the import date?')
    const lyraRequest = fake.requests[ellaRequests]
    expect(lastUserText(lyraRequest)).toMatch(
      /<nexus-context>[\s\S]*\[#1 decision · ella · cli · [^\]]+\] Dates are stored in UTC[\s\S]*<\/nexus-context>/
    )
    expect(JSON.stringify(lyraRequest?.body?.system)).not.toContain('Dates are stored in UTC')

    // Ella's decision is what her turn did: no second, automatic entry for it.
    expect(lastUserText(lyraRequest)).not.toContain('[#2 ')

    fake.script('Still UTC.')
    await hearth('chat', '--agent', 'lyra', '--session', sessionOf(lyra), 'And the export date?')
    const second = lastUserText(fake.requests.at(-1))
    expect(second).toContain('Awaiting your acknowledgement (1)')
    expect(second).toContain('Dates are stored in UTC')

    fake.script({ toolUses: [{ name: 'ack', input: { refs: [1] } }] }, 'Acknowledged.')
    const acked = await hearth('chat', '--agent', 'lyra', '--session', sessionOf(lyra), 'Acknowledge it')
    expect(field(acked.json, 'toolCalls')).toMatchObject([{ name: 'ack', ok: true }])
    fake.script('Nothing new.')
    await hearth('chat', '--agent', 'lyra', '--session', sessionOf(lyra), 'Anything new?')
    expect(lastUserText(fake.requests.at(-1))).not.toContain('nexus-context')

    fake.script('Anything else?')
    await hearth('chat', '--agent', 'ella', '--session', sessionOf(ella), 'Thanks')
    expect(lastUserText(fake.requests.at(-1))).not.toContain('Dates are stored in UTC')

    expect((await hearth('sessions', 'end', sessionOf(ella))).code).toBe(0)
    const tail = tailSchema.parse((await hearth('nexus', 'tail')).json).entries
    expect(tail.map((entry) => `${entry.seq} ${entry.type} ${entry.agent}`)).toEqual([
      '1 decision ella',
      '2 ack lyra',
      '3 turn ella'
    ])
    expect(tail.at(-1)).toMatchObject({ agent: 'ella', type: 'turn', refs: [1] })
    expect(tail.at(-1)?.summary).toBe(
      'Session ended (2 turns) · ran nexus_post · decided #1 · last: Anything else?'
    )
    expect((await hearth('nexus', 'verify')).json).toMatchObject({ ok: true })
  }, 90_000)
})
