import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
function hearth(...args: string[]): Promise<{ code: number; json: any; stderr: string }> {
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
    const first = await hearth('chat', 'Remember the number 42')
    expect(first.code).toBe(0)
    expect(Object.keys(first.json)).toEqual(
      expect.arrayContaining(['sessionId', 'text', 'usage', 'toolCalls'])
    )
    expect(first.json.text).toBe('First reply.')
    expect(Object.keys(first.json.usage).sort()).toEqual([
      'cache_creation_input_tokens',
      'cache_read_input_tokens',
      'input_tokens',
      'output_tokens'
    ])
    const second = await hearth('chat', '--session', first.json.sessionId, 'What was the number?')
    expect(second.json.sessionId).toBe(first.json.sessionId)

    const shown = (await hearth('sessions', 'show', first.json.sessionId)).json.session
    expect(shown.agentId).toBe('hearth')
    // Two separate processes sent byte-identical system prompts, equal to the stored one.
    expect(fake.requests.map((r) => sentSystemText(r.body))).toEqual([shown.systemPrompt, shown.systemPrompt])
    expect(shown.messages.map((m: any) => [m.role, m.content])).toEqual([
      ['user', [{ type: 'text', text: 'Remember the number 42' }]],
      ['assistant', [{ type: 'text', text: 'First reply.' }]],
      ['user', [{ type: 'text', text: 'What was the number?' }]],
      ['assistant', [{ type: 'text', text: 'Second reply.' }]]
    ])
    expect(JSON.stringify(shown)).not.toMatch(/memory-context|nexus-context/)
    expect((await hearth('sessions', 'list')).json.sessions.map((s: any) => s.id)).toContain(
      first.json.sessionId
    )
    expect((await hearth('sessions', 'search', 'number')).json.hits.length).toBeGreaterThanOrEqual(2)
    expect((await hearth('sessions', 'end', first.json.sessionId)).json).toHaveProperty('candidates')
  })

  it('reports a clear failure with exit 1 when the model stays overloaded, keeping the message', async () => {
    fake.fault({ kind: 'http', status: 529, errorType: 'overloaded_error', count: 3 })
    const run = await hearth('chat', 'anyone home?')
    expect(run.code).toBe(1)
    expect(run.json.error.code).toBe('llm_unavailable')
    expect(run.stderr).toMatch(/overloaded/)
    const shown = (await hearth('sessions', 'show', run.json.sessionId)).json.session
    expect(shown.messages).toEqual([
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
    child.kill('SIGKILL')
    await new Promise((r) => child.once('exit', r))

    const shown = (await hearth('sessions', 'show', row!.session_id)).json.session
    const [user, reply] = shown.messages
    expect(user).toMatchObject({
      role: 'user',
      status: 'complete',
      content: [{ type: 'text', text: 'Tell me something long' }]
    })
    expect(reply.status).toBe('interrupted')
    expect(LONG.startsWith(reply.content[0].text)).toBe(true)
    expect(reply.content[0].text.length).toBeGreaterThan(0)
    const check = new Database(join(home, 'hearth.db'))
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok')
    check.close()
  })

  it('rejects an unknown session and a usage error with the documented exit codes', async () => {
    expect((await hearth('chat', '--session', 's_nope', 'hi')).code).toBe(1)
    expect((await hearth('chat', '--bogus', 'x')).code).toBe(2)
    writeFileSync(join(home, 'note.txt'), 'x')
    expect((await hearth('chat', '--cwd', join(home, 'note.txt'), 'hi')).json.error.message).toMatch(
      /not a folder/
    )
  })
})
