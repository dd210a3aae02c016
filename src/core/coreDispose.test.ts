import { existsSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from './createCore'
import { startChatHarness, type ChatHarness } from './testing/chatHarness'

/**
 * dispose() while start recovery is finishing what an earlier process left: recovery stops at
 * once (a hook waiting on the model is aborted), resolves without a failure, and hands the work
 * back, pending, to the next host, which finishes it.
 */
let harness: ChatHarness
let blackHole: { server: Server; url: string; requests: number; open: Set<Socket>; closed: number }
const cores: Core[] = []

afterEach(async () => {
  cores.splice(0).forEach((core) => core.dispose())
  for (const socket of blackHole?.open ?? []) socket.destroy()
  if (blackHole) await new Promise((resolve) => blackHole.server.close(resolve))
  await harness?.close()
})

/** A model endpoint that takes every request and never answers. */
async function startBlackHole(): Promise<typeof blackHole> {
  const state = { requests: 0, open: new Set<Socket>(), closed: 0 }
  const server = createServer(() => (state.requests += 1))
  server.on('connection', (socket) => {
    state.open.add(socket)
    socket.once('close', () => {
      state.open.delete(socket)
      state.closed += 1
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return Object.assign(state, { server, url: `http://127.0.0.1:${port}` })
}

/** A session ended by a process killed before its end work ran: the rows are pending. */
async function sessionWithPendingEndWork(): Promise<string> {
  const { sessionId } = await harness.chat.runTurn({
    agentId: harness.agentId,
    text: 'Remember that deploys happen on Fridays.'
  })
  // The harness's own start recovery has run, so the work below is left for the next host.
  await harness.core.recovery
  const { db } = harness.core.internals
  db.prepare("UPDATE sessions SET ended_at = 1, end_reason = 'explicit' WHERE id = ?").run(sessionId)
  const insert = db.prepare(
    "INSERT INTO session_end_work (session_id, agent_id, hook, state, created_at) VALUES (?, ?, ?, 'pending', 1)"
  )
  for (const hook of ['retention', 'nexus']) insert.run(sessionId, harness.agentId, hook)
  return sessionId
}

function endWork(): { hook: string; state: string; claimed_pid: number | null }[] {
  const db = new Database(`${harness.home}/hearth.db`, { readonly: true })
  try {
    return db
      .prepare('SELECT hook, state, claimed_pid FROM session_end_work ORDER BY hook')
      .all() as ReturnType<typeof endWork>
  } finally {
    db.close()
  }
}

function openOn(baseUrl: string): Core {
  const core = createCore({
    home: harness.home,
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: baseUrl }
  })
  cores.push(core)
  return core
}

/** The recovery promise, or a rejection when it has not settled within `ms`. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms))
  ])
}

const errorLines = (): string[] => {
  const file = harness.core.services.paths.logFile
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => / (ERROR|WARN) /.test(line))
    : []
}

describe('dispose() during start recovery', () => {
  it('aborts a session-end hook waiting on the model and hands its work to the next host', async () => {
    harness = await startChatHarness()
    await sessionWithPendingEndWork()
    blackHole = await startBlackHole()
    const core = openOn(blackHole.url)
    await expect.poll(() => blackHole.requests, { timeout: 30_000, interval: 10 }).toBe(1)
    expect(endWork().find((row) => row.hook === 'retention')?.state).toBe('running')

    core.dispose()
    const report = await settledWithin(core.recovery, 5_000)
    expect(report.hooks.every((hook) => !hook.ok && hook.error?.startsWith('stopped:'))).toBe(true)
    // The model request was cut, not left to run into the SDK's ten-minute timeout.
    await expect.poll(() => blackHole.open.size, { timeout: 5_000 }).toBe(0)
    expect(endWork()).toEqual([
      { hook: 'nexus', state: 'pending', claimed_pid: null },
      { hook: 'retention', state: 'pending', claimed_pid: null }
    ])
    expect(errorLines()).toEqual([])

    const next = openOn(harness.fake.url)
    expect(await next.recovery).toMatchObject({
      sessions: 1,
      hooks: [
        { id: 'retention', ok: true },
        { id: 'nexus', ok: true }
      ]
    })
    expect(endWork().map((row) => row.state)).toEqual(['done', 'done'])
  }, 60_000)

  it('stops before its first step when disposed right after opening: nothing runs, nothing fails', async () => {
    harness = await startChatHarness()
    await sessionWithPendingEndWork()
    blackHole = await startBlackHole()
    const core = openOn(blackHole.url)
    core.dispose()
    expect(await settledWithin(core.recovery, 5_000)).toEqual({ sessions: 0, hooks: [] })
    expect(blackHole.requests).toBe(0)
    expect(endWork().map((row) => row.state)).toEqual(['pending', 'pending'])
    expect(errorLines()).toEqual([])
  }, 60_000)
})
