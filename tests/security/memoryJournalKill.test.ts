import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { CLI } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

/**
 * kill -9 at each journaled point of a memory write (the CLI kills itself there with SIGKILL,
 * see core/node/process/crashPoint), then a restart: the write is finished or rolled back,
 * never lost, never doubled, and stays undoable when it landed.
 */
let dir: string
let cleanup: () => void
let home: string
let fake: FakeAnthropic

interface Run {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

function run(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  baseUrl = fake.url
): { child: ChildProcessWithoutNullStreams; done: Promise<Run> } {
  const child = spawn(process.execPath, [CLI, '--home', home, ...args], {
    env: { ...process.env, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: baseUrl, ...env },
    stdio: ['pipe', 'pipe', 'pipe']
  })
  child.stdin.end()
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }))
  )
  return { child, done }
}

const cli = (args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> => run(args, env).done

const addFact = (content: string, env: NodeJS.ProcessEnv = {}): Promise<Run> =>
  cli(['--json', 'memory', 'add', '--agent', 'ada', '--target', 'memory', '--content', content], env)

/** The environment that arms a crash point: only a test run (NODE_ENV=test) honours it. */
const crashAt = (point: string): NodeJS.ProcessEnv => ({ NODE_ENV: 'test', HEARTH_TEST_CRASH_AT: point })

function table<T>(sql: string): T[] {
  const db = new Database(join(home, 'hearth.db'), { readonly: true })
  try {
    return db.prepare(sql).all() as T[]
  } finally {
    db.close()
  }
}

const memoryPath = (): string => join(home, 'agents', 'ada', 'MEMORY.md')
const entries = (): string[] =>
  existsSync(memoryPath())
    ? readFileSync(memoryPath(), 'utf8')
        .split('\n§\n')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
    : []
const leftovers = (): string[] =>
  readdirSync(join(home, 'agents', 'ada')).filter((name) => name.endsWith('.tmp') || name.endsWith('.lock'))

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(async () => fake?.close())
beforeEach(async () => {
  ;({ dir, cleanup } = makeTempDir('hearth-journal-kill-'))
  home = join(dir, 'home')
  expect((await cli(['agents', 'create', 'Ada'])).code).toBe(0)
  expect((await addFact('The office is in Lyon.')).code).toBe(0)
})
afterEach(() => cleanup())

describe('a memory write killed at each journaled point', () => {
  it('killed after the journal row, before the file: the restart rolls it back; the write can be made again, once', async () => {
    const killed = await addFact('Deploys happen on Fridays.', crashAt('memory.journaled'))
    expect(killed.signal).toBe('SIGKILL')
    expect(table('SELECT id FROM memory_journal')).toHaveLength(1)
    expect(entries()).toEqual(['The office is in Lyon.'])
    expect(leftovers()).toEqual(['MEMORY.md.lock'])

    const listed = await cli(['--json', 'memory', 'receipts', '--agent', 'ada'])
    expect(listed.code, listed.stderr).toBe(0)
    expect(table('SELECT id FROM memory_journal')).toEqual([])
    expect(JSON.parse(listed.stdout).receipts).toHaveLength(1)
    expect(leftovers()).toEqual([])

    expect((await addFact('Deploys happen on Fridays.')).code).toBe(0)
    expect(entries()).toEqual(['The office is in Lyon.', 'Deploys happen on Fridays.'])
    expect(table('SELECT id FROM memory_receipts')).toHaveLength(2)
  }, 120_000)

  for (const point of ['memory.written', 'memory.receipted'] as const) {
    it(`killed at ${point}: the restart keeps the write with exactly one receipt, and Undo still works`, async () => {
      const killed = await addFact('Deploys happen on Fridays.', crashAt(point))
      expect(killed.signal).toBe('SIGKILL')
      expect(entries()).toEqual(['The office is in Lyon.', 'Deploys happen on Fridays.'])

      const listed = await cli(['--json', 'memory', 'receipts', '--agent', 'ada'])
      expect(listed.code, listed.stderr).toBe(0)
      const receipts = JSON.parse(listed.stdout).receipts as {
        id: number
        undoable: boolean
        changes: unknown[]
      }[]
      expect(receipts).toHaveLength(2)
      expect(receipts[0]).toMatchObject({
        undoable: true,
        changes: [{ action: 'add', before: null, after: 'Deploys happen on Fridays.' }]
      })
      expect(table('SELECT id FROM memory_journal')).toEqual([])
      expect(leftovers()).toEqual([])

      const again = await addFact('Deploys happen on Fridays.')
      expect(again.code, again.stderr).toBe(0)
      expect(entries()).toEqual(['The office is in Lyon.', 'Deploys happen on Fridays.'])
      expect(table('SELECT id FROM memory_receipts')).toHaveLength(2)

      const undone = await cli(['--json', 'memory', 'undo', String(receipts[0]?.id)])
      expect(undone.code, undone.stderr).toBe(0)
      expect(entries()).toEqual(['The office is in Lyon.'])
    }, 120_000)
  }

  it('outside a test run the crash point is ignored: the write completes with its receipt', async () => {
    const run = await addFact('Deploys happen on Fridays.', {
      NODE_ENV: 'production',
      HEARTH_TEST_CRASH_AT: 'memory.journaled'
    })
    expect(run.signal).toBeNull()
    expect(run.code, run.stderr).toBe(0)
    expect(entries()).toEqual(['The office is in Lyon.', 'Deploys happen on Fridays.'])
    expect(table('SELECT id FROM memory_journal')).toEqual([])
    expect(table('SELECT id FROM memory_receipts')).toHaveLength(2)
  }, 120_000)
})

describe('files and sessions a killed process left', () => {
  it('removes locks and temps of dead writers at start, never those of a live one', async () => {
    const agentDir = join(home, 'agents', 'ada')
    const dead = 999_999
    const live = process.pid
    writeFileSync(
      join(agentDir, 'SOUL.md.lock'),
      JSON.stringify({ pid: dead, startedAt: '1', host: '', token: 'a', at: 0 })
    )
    writeFileSync(join(agentDir, `.SOUL.md.${dead}-1-00aa11bb22cc.tmp`), 'half')
    writeFileSync(join(home, `.USER.md.${dead}-x-00aa11bb22cd.tmp`), 'half')
    const ownStart = readFileSync(`/proc/${live}/stat`, 'utf8').split(') ')[1]?.split(' ')[19] ?? 'x'
    const liveLock = JSON.stringify({ pid: live, startedAt: ownStart, host: '', token: 'b', at: Date.now() })
    writeFileSync(join(agentDir, 'MEMORY.md.lock'), liveLock)
    writeFileSync(join(agentDir, `.MEMORY.md.${live}-${ownStart}-00aa11bb22ce.tmp`), 'in progress')

    const started = await cli(['--json', 'agents', 'list'])
    expect(started.code, started.stderr).toBe(0)
    expect(leftovers().sort()).toEqual([`.MEMORY.md.${live}-${ownStart}-00aa11bb22ce.tmp`, 'MEMORY.md.lock'])
    expect(readdirSync(home).filter((name) => name.endsWith('.tmp'))).toEqual([])
  }, 120_000)

  it('a session killed in its first turn is ended by the next start, as a quit with nothing to retain', async () => {
    const sockets = new Set<Socket>()
    let requests = 0
    const blackHole: Server = createServer(() => (requests += 1))
    blackHole.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    const { port } = blackHole.address() as { port: number }
    const chat = run(['--json', 'chat', '--agent', 'ada', 'Hello there'], {}, `http://127.0.0.1:${port}`)
    await expect.poll(() => requests, { timeout: 60_000, interval: 10 }).toBeGreaterThan(0)
    chat.child.kill('SIGKILL')
    expect((await chat.done).signal).toBe('SIGKILL')
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => blackHole.close(resolve))
    const [open] = table<{ id: string; ended_at: number | null }>('SELECT id, ended_at FROM sessions')
    expect(open?.ended_at).toBeNull()

    const next = await cli(['--json', 'sessions', 'list'])
    expect(next.code, next.stderr).toBe(0)
    const [ended] = table<{
      id: string
      ended_at: number | null
      end_reason: string
      end_skipped: string | null
    }>('SELECT id, ended_at, end_reason, end_skipped FROM sessions')
    expect(ended?.id).toBe(open?.id)
    expect(ended?.ended_at).not.toBeNull()
    expect(ended?.end_reason).toBe('quit')
    expect(ended?.end_skipped).toMatch(/\S/)
    const calls = table<{ status: string }>('SELECT status FROM api_calls')
    expect(calls.map((row) => row.status)).toEqual(['interrupted'])
  }, 120_000)
})
