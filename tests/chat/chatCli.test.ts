import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { sentSystemText } from '../../src/core/testing/requestShape'

// Run `npx vite build --config vite.cli.config.mts --logLevel warn` first (AGENTS.md).
const ROOT = resolve(import.meta.dirname, '../..')
const CLI = join(ROOT, 'bin/hearth.js')
const LONG = 'Streaming text that takes a while to arrive, word after word after word. '.repeat(40)

let fake: FakeAnthropic
let home: string

function env(): NodeJS.ProcessEnv {
  return { ...process.env, HEARTH_HOME: home, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
}

/** Async on purpose: the fake server lives in this process, so a blocking spawn would deadlock it. */
function hearth(...args: string[]): Promise<{ code: number; json: unknown; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args, '--json'], { env: env() })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  return new Promise((resolvePromise) =>
    child.once('close', (code) =>
      resolvePromise({ code: code ?? -1, json: stdout.trim() ? JSON.parse(stdout) : null, stderr })
    )
  )
}

/** The parts of the CLI's JSON answers these tests read. */
const chatAnswer = z.looseObject({
  sessionId: z.string(),
  text: z.string(),
  usage: z.record(z.string(), z.unknown())
})
const failedChat = z.looseObject({
  sessionId: z.string(),
  error: z.looseObject({ code: z.string(), message: z.string() })
})
const refusal = z.looseObject({ error: z.looseObject({ code: z.string(), message: z.string() }) })
const shownSession = z.object({
  session: z.looseObject({
    agentId: z.string(),
    systemPrompt: z.string(),
    messages: z.array(
      z.looseObject({
        role: z.string(),
        status: z.string(),
        content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))
      })
    )
  })
})
const sessionList = z.object({ sessions: z.array(z.looseObject({ id: z.string() })) })
const searchHits = z.looseObject({ hits: z.array(z.unknown()) })

async function shown(sessionId: string): Promise<z.infer<typeof shownSession>['session']> {
  return shownSession.parse((await hearth('sessions', 'show', sessionId)).json).session
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'out/cli/main.js')))
    throw new Error('Build the CLI first: npx vite build --config vite.cli.config.mts')
  fake = await startFakeAnthropic()
  home = mkdtempSync(join(tmpdir(), 'hearth-chat-cli-'))
})

afterAll(async () => {
  await fake?.close()
  rmSync(home, { recursive: true, force: true })
})

describe('hearth chat / sessions', () => {
  it('answers with the documented fields, continues a session, and shows it exactly as stored', async () => {
    fake.script('First reply.', 'Second reply.')
    const run = await hearth('chat', 'Remember the number 42')
    expect(run.code).toBe(0)
    const first = chatAnswer.parse(run.json)
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['sessionId', 'text', 'usage', 'toolCalls']))
    expect(first.text).toBe('First reply.')
    expect(Object.keys(first.usage).sort()).toEqual([
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'input_tokens',
      'output_tokens'
    ])
    const second = await hearth('chat', '--session', first.sessionId, 'What was the number?')
    expect(chatAnswer.parse(second.json).sessionId).toBe(first.sessionId)

    const session = await shown(first.sessionId)
    expect(session.agentId).toBe('hearth')
    // Two separate processes sent byte-identical system prompts, equal to the stored one.
    expect(fake.requests.map((r) => sentSystemText(r.body))).toEqual([
      session.systemPrompt,
      session.systemPrompt
    ])
    expect(session.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', [{ type: 'text', text: 'Remember the number 42' }]],
      ['assistant', [{ type: 'text', text: 'First reply.' }]],
      ['user', [{ type: 'text', text: 'What was the number?' }]],
      ['assistant', [{ type: 'text', text: 'Second reply.' }]]
    ])
    expect(JSON.stringify(session)).not.toMatch(/memory-context|nexus-context/)
    expect(sessionList.parse((await hearth('sessions', 'list')).json).sessions.map((s) => s.id)).toContain(
      first.sessionId
    )
    expect(
      searchHits.parse((await hearth('sessions', 'search', 'number')).json).hits.length
    ).toBeGreaterThanOrEqual(2)
    expect((await hearth('sessions', 'end', first.sessionId)).json).toHaveProperty('candidates')
  })

  it('reports a clear failure with exit 1 when the model stays overloaded, keeping the message', async () => {
    fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const run = await hearth('chat', 'anyone home?')
    expect(run.code).toBe(1)
    const failed = failedChat.parse(run.json)
    expect(failed.error.code).toBe('llm_unavailable')
    expect(run.stderr).toMatch(/overloaded/)
    expect((await shown(failed.sessionId)).messages).toEqual([
      expect.objectContaining({ role: 'user', content: [{ type: 'text', text: 'anyone home?' }] })
    ])
  })

  it('kill -9 mid-stream leaves the user message and a partial reply marked interrupted, and an intact database', async () => {
    fake.script({ text: LONG, delayMs: 15 })
    const child = spawn(process.execPath, [CLI, 'chat', '--json', 'Tell me something long'], {
      env: env(),
      stdio: 'ignore'
    })
    const db = new Database(join(home, 'hearth.db'), { readonly: true, fileMustExist: true })
    const deadline = Date.now() + 15_000
    let row: { id: number; session_id: string; content: string } | undefined
    while (Date.now() < deadline) {
      row = db
        .prepare(
          "SELECT id, session_id, content FROM messages WHERE role = 'assistant' AND status = 'streaming' ORDER BY id DESC LIMIT 1"
        )
        .get() as typeof row
      if (row && row.content.length > 60) break
      await new Promise((r) => setTimeout(r, 20))
    }
    db.close()
    expect(row).toBeDefined()
    const exited = child.exitCode !== null || child.signalCode !== null
    child.kill('SIGKILL')
    if (!exited) await new Promise((r) => child.once('exit', r))

    const [user, reply] = (await shown(row!.session_id)).messages
    expect(user).toMatchObject({
      role: 'user',
      status: 'complete',
      content: [{ type: 'text', text: 'Tell me something long' }]
    })
    expect(reply?.status).toBe('interrupted')
    const partial = reply?.content[0]?.text ?? ''
    expect(LONG.startsWith(partial)).toBe(true)
    expect(partial.length).toBeGreaterThan(0)
    const check = new Database(join(home, 'hearth.db'))
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    check.close()
  })

  it('rejects an unknown session and a usage error with the documented exit codes', async () => {
    expect((await hearth('chat', '--session', 's_nope', 'hi')).code).toBe(1)
    expect((await hearth('chat', '--bogus', 'x')).code).toBe(2)
    writeFileSync(join(home, 'note.txt'), 'x')
    expect(
      refusal.parse((await hearth('chat', '--cwd', join(home, 'note.txt'), 'hi')).json).error.message
    ).toMatch(/not a folder/)
  })
})
