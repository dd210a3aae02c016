import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Socket } from 'node:net'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { CLI } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

/** kill -9 at the worst moment, then a restart that recovers: nothing lost, nothing doubled, nothing stuck. */
let dir: string
let cleanup: () => void
let home: string
let fake: FakeAnthropic

interface Run {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
}

function start(args: readonly string[], baseUrl = fake.url): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [CLI, '--home', home, ...args], {
    env: { ...process.env, ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const done = new Promise<Run>((resolve) =>
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }))
  )
  return { child, done }
}

function hearth(...args: string[]): Promise<Run> {
  return start(args).done
}

/** Polls a condition between event-loop turns (no fixed sleeps). */
async function until(condition: () => boolean, what: string): Promise<void> {
  await expect.poll(condition, { message: `waiting for ${what}`, timeout: 60_000, interval: 5 }).toBe(true)
}

async function killHard(child: ChildProcess, done: Promise<Run>): Promise<Run> {
  child.kill('SIGKILL')
  const run = await done
  expect(run.code).toBe(-1)
  return run
}

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(async () => fake?.close())
beforeEach(async () => {
  ;({ dir, cleanup } = makeTempDir('hearth-kill-'))
  home = join(dir, 'home')
  expect((await hearth('agents', 'create', 'Ada')).code).toBe(0)
})
afterEach(() => cleanup())

describe('kill -9, then a restart that recovers', () => {
  it("during a memory write: the next write takes the dead writer's lock over at once; the file is whole", async () => {
    writeFileSync(
      join(home, 'config.json'),
      JSON.stringify({ memory: { memoryCharLimit: 100_000_000, userCharLimit: 2000 } })
    )
    const entries = Array.from({ length: 200_000 }, (_, i) => `Fact number ${i} about the project.`)
    const memoryPath = join(home, 'agents', 'ada', 'MEMORY.md')
    writeFileSync(memoryPath, entries.join('\n§\n'))
    const lockPath = `${memoryPath}.lock`
    const writer = start([
      'memory',
      'add',
      '--agent',
      'ada',
      '--target',
      'memory',
      '--content',
      'Written by the process that dies'
    ])
    await until(
      () => existsSync(lockPath) && readFileSync(lockPath, 'utf8').includes(`"pid":${writer.child.pid}`),
      'the writer to hold the lock'
    )
    await killHard(writer.child, writer.done)
    expect(existsSync(lockPath)).toBe(true)

    const next = await hearth(
      '--json',
      'memory',
      'add',
      '--agent',
      'ada',
      '--target',
      'memory',
      '--content',
      'Written after the restart'
    )
    expect(next.code, next.stderr).toBe(0)
    expect(JSON.parse(next.stdout)).toMatchObject({ success: true })
    const after = readFileSync(memoryPath, 'utf8').split('\n§\n')
    expect(after.slice(0, entries.length)).toEqual(entries)
    expect(after.at(-1)).toBe('Written after the restart')
    expect([entries.length + 1, entries.length + 2]).toContain(after.length)
    expect(
      readdirSync(join(home, 'agents', 'ada')).filter(
        (name) => name.includes('.tmp') || name.endsWith('.lock')
      )
    ).toEqual([])
  }, 180_000)

  it('during session end: the next command finishes retention and the Nexus summary once, and says so on stderr', async () => {
    fake.script('Noted: you deploy on Fridays.')
    const chat = await hearth(
      '--json',
      'chat',
      '--agent',
      'ada',
      'We deploy on Fridays, after the release review.'
    )
    expect(chat.code, chat.stderr).toBe(0)
    const sessionId = JSON.parse(chat.stdout).sessionId as string

    const requests: number[] = []
    const sockets = new Set<Socket>()
    const blackHole: Server = createServer(() => requests.push(Date.now()))
    blackHole.on('connection', (socket) => sockets.add(socket))
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve))
    const address = blackHole.address() as { port: number }
    const ending = start(['sessions', 'end', sessionId], `http://127.0.0.1:${address.port}`)
    await until(() => requests.length > 0, 'the retention call to reach the model')
    await killHard(ending.child, ending.done)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => blackHole.close(resolve))

    fake.setToolInput('record_memory_candidates', {
      candidates: [
        {
          text: 'The team deploys on Fridays after the release review.',
          type: 'project_fact',
          speaker: 'user',
          entities: [],
          quote: 'We deploy on Fridays',
          message_id: '1'
        }
      ]
    })
    const resumed = await hearth('--json', 'sessions', 'list')
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toBe(
      'hearth: finished ending 1 session that an earlier process left unfinished (retention, nexus)\n'
    )
    expect(JSON.parse(resumed.stdout).sessions[0]).toMatchObject({ id: sessionId })

    const again = await hearth('--json', 'review', 'list')
    expect(again.stderr).toBe('')
    expect(JSON.parse(again.stdout).candidates).toMatchObject([
      { text: 'The team deploys on Fridays after the release review.', sessionId }
    ])
    const nexus = JSON.parse((await hearth('--json', 'nexus', 'tail')).stdout).entries as {
      summary: string
      body: string | null
    }[]
    expect(nexus.filter((entry) => (entry.body ?? '').includes(`Session ${sessionId} ended.`))).toHaveLength(
      1
    )
  }, 180_000)

  it('during Nexus appends: the chain verifies, the next append links to the last whole entry, the mirror catches up', async () => {
    const db = join(home, 'hearth.db')
    const writer = start(['nexus', 'bench-append', '--agent', 'ada', '--count', '100000'])
    const rows = (): number => {
      const reader = new Database(db, { readonly: true, fileMustExist: true })
      try {
        return reader.prepare('SELECT COUNT(*) FROM nexus_entries').pluck().get() as number
      } finally {
        reader.close()
      }
    }
    await until(() => existsSync(db) && rows() >= 40, 'some appends to commit')
    await killHard(writer.child, writer.done)
    const kept = rows()

    const verify = await hearth('--json', 'nexus', 'verify')
    expect(verify.code, verify.stderr).toBe(0)
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: true, count: kept, firstBadSeq: null })
    expect(readFileSync(join(home, 'nexus', 'live-context.md'), 'utf8')).toContain(`up to entry #${kept}.`)
    const post = await hearth(
      '--json',
      'nexus',
      'post',
      '--agent',
      'ada',
      '--type',
      'turn',
      '--summary',
      'After the crash'
    )
    expect(post.code, post.stderr).toBe(0)
    expect(JSON.parse(post.stdout).entry).toMatchObject({ seq: kept + 1 })
    expect(JSON.parse((await hearth('--json', 'nexus', 'verify')).stdout)).toMatchObject({
      ok: true,
      count: kept + 1
    })
    expect(readFileSync(join(home, 'nexus', 'live-context.md'), 'utf8')).toContain(
      `up to entry #${kept + 1}.`
    )
  }, 180_000)
})
