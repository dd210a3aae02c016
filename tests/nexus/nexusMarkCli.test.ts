import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { NexusEntry } from '../../src/shared/contract/nexus'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { runHearthAsync } from '../helpers/cli'

let fake: FakeAnthropic
let home: string

/** The CLI against the fake model; async, since the fake lives in this process. */
async function hearth(...args: string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  const run = await runHearthAsync(['--home', home, '--json', ...args], {
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  })
  return { code: run.code, json: run.stdout.trim() ? run.json<unknown>() : null, stderr: run.stderr }
}

const Marked = z.object({ entry: NexusEntry, created: z.boolean(), turnId: z.string() })
const Tail = z.object({ entries: z.array(NexusEntry) })
const Chatted = z.object({ sessionId: z.string() })
const Shown = z.object({
  session: z.object({ messages: z.array(z.object({ id: z.number(), role: z.string(), turnId: z.string() })) })
})
const Listed = z.object({ sessions: z.array(z.object({ id: z.string() })) })

async function mark(...args: string[]): Promise<z.infer<typeof Marked>> {
  const run = await hearth('nexus', 'mark', ...args)
  expect(run.code, run.stderr).toBe(0)
  return Marked.parse(run.json)
}

async function turnEntries(): Promise<NexusEntry[]> {
  return Tail.parse((await hearth('nexus', 'tail', '--type', 'turn')).json).entries
}

beforeAll(async () => {
  fake = await startFakeAnthropic()
  home = mkdtempSync(join(tmpdir(), 'hearth-nexus-mark-'))
})
afterAll(async () => {
  await fake?.close()
  rmSync(home, { recursive: true, force: true })
})

describe('hearth nexus mark', () => {
  it('posts a turn entry for a turn the user marks, once, and says when it already had one', async () => {
    expect((await hearth('agents', 'create', 'Ella')).code).toBe(0)
    fake.script('We will ship the Lisbon album on Friday.', 'Porto has forty photos.')
    const first = await hearth('chat', '--agent', 'ella', 'When does the Lisbon album ship?')
    expect(first.code, first.stderr).toBe(0)
    const { sessionId } = Chatted.parse(first.json)
    expect((await hearth('chat', '--agent', 'ella', '--session', sessionId, 'And Porto?')).code).toBe(0)
    // Neither turn changed anything, so neither got an automatic entry.
    expect(await turnEntries()).toEqual([])

    const marked = await mark(sessionId, '--turn', '1')
    expect(marked.created).toBe(true)
    expect(marked.entry).toMatchObject({
      agent: 'ella',
      type: 'turn',
      summary:
        'Asked “When does the Lisbon album ship?” · no tools · replied: We will ship the Lisbon album on Friday.'
    })
    expect(marked.entry.body).toContain('Marked by the user.')

    const again = await mark(sessionId, '--turn', '1')
    expect(again).toMatchObject({ created: false, entry: { seq: marked.entry.seq } })

    // Without --turn, the session's last turn; --message picks the turn holding that message.
    const last = await mark(sessionId)
    expect(last.created).toBe(true)
    expect(last.entry.summary).toMatch(/^Asked “And Porto\?”/)
    const { session } = Shown.parse((await hearth('sessions', 'show', sessionId)).json)
    const porto = session.messages.find(
      (message) => message.role === 'assistant' && message.turnId === last.turnId
    )
    expect(porto).toBeDefined()
    const byMessage = await mark(sessionId, '--message', String(porto?.id))
    expect(byMessage).toMatchObject({ created: false, entry: { seq: last.entry.seq } })
    expect(await turnEntries()).toHaveLength(2)
  })

  it('refuses what it cannot mark with a reason, and posts nothing', async () => {
    const sessionId = Listed.parse((await hearth('sessions', 'list')).json).sessions[0]?.id ?? ''
    const tooFar = await hearth('nexus', 'mark', sessionId, '--turn', '9')
    expect(tooFar.code).toBe(2)
    expect(tooFar.stderr).toMatch(/--turn must be between 1 and 2/)
    const both = await hearth('nexus', 'mark', sessionId, '--turn', '1', '--message', '1')
    expect(both.code).toBe(2)
    expect(both.stderr).toMatch(/--turn or --message, not both/)
    const noMessage = await hearth('nexus', 'mark', sessionId, '--message', '99999')
    expect(noMessage.code).toBe(1)
    expect(noMessage.stderr).toMatch(/has no message 99999/)
    const noSession = await hearth('nexus', 'mark', 'no-such-session')
    expect(noSession.code).toBe(1)
    expect(await turnEntries()).toHaveLength(2)
  })
})
