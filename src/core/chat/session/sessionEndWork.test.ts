import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../../node/db/openDatabase'
import { processStartTime } from '../../node/process/processIdentity'
import type { SessionEndHook } from '../../ports/turnContext'
import { SessionEndWork } from './sessionEndWork'
import { testId } from '../../../shared/testing/ids'

let dir: string
let db: Db
const runs: string[] = []

function hook(
  id: string,
  behaviour: () => Promise<unknown> = async () => ({ candidates: [`${id}-fact`] })
): SessionEndHook {
  return {
    id,
    run: async ({ sessionId }) => {
      runs.push(`${id}:${sessionId}`)
      return behaviour()
    }
  }
}

function work(hooks: SessionEndHook[]): SessionEndWork {
  return new SessionEndWork(
    db,
    () => hooks,
    () => 1_000
  )
}

function addSession(id: string): void {
  db.prepare(
    `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, started_at, updated_at)
     VALUES (?, 'scribe', NULL, 'm', 'anthropic', 'cli', 'p', '{}', '[]', 'h', 1, 1)`
  ).run(id)
}

function states(): Record<string, string> {
  const rows = db
    .prepare('SELECT session_id, hook, state FROM session_end_work ORDER BY session_id, hook')
    .all() as { session_id: string; hook: string; state: string }[]
  return Object.fromEntries(rows.map((row) => [`${row.session_id}/${row.hook}`, row.state]))
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hearth-end-work-'))
  db = openDatabase(join(dir, 'hearth.db'))
  db.prepare("INSERT INTO agents (id, name, created_at) VALUES ('scribe', 'Scribe', 1)").run()
  addSession('s1')
  runs.length = 0
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

const EXPLICIT = { reason: 'explicit', skipped: null } as const

describe('session end as durable work', () => {
  it('commits the intent with the session ended, then runs each hook once in order', async () => {
    const end = work([hook('retention'), hook('nexus')])
    end.commit({ id: testId.session('s1'), agentId: testId.agent('scribe') }, EXPLICIT)
    expect(db.prepare("SELECT ended_at FROM sessions WHERE id = 's1'").pluck().get()).toBe(1_000)
    expect(states()).toEqual({ 's1/nexus': 'pending', 's1/retention': 'pending' })
    const report = await end.run(testId.session('s1'))
    expect(report).toEqual({
      candidates: ['retention-fact', 'nexus-fact'],
      hooks: [
        { id: 'retention', ok: true, error: null },
        { id: 'nexus', ok: true, error: null }
      ]
    })
    expect(runs).toEqual(['retention:s1', 'nexus:s1'])
    end.commit({ id: testId.session('s1'), agentId: testId.agent('scribe') }, EXPLICIT)
    expect((await end.run(testId.session('s1'))).hooks).toEqual([])
    expect(await end.resume()).toEqual({ sessions: 0, hooks: [] })
    expect(runs).toHaveLength(2)
  })

  it('a session closed without its end work records why and no hook row; asked for later, it runs once', async () => {
    const end = work([hook('retention'), hook('nexus')])
    const s1 = { id: testId.session('s1'), agentId: testId.agent('scribe') }
    end.commit(s1, { reason: 'quit', skipped: 'the model never answered in it' })
    expect(db.prepare("SELECT ended_at FROM sessions WHERE id = 's1'").pluck().get()).toBe(1_000)
    expect(states()).toEqual({})
    expect(end.endNote(s1.id)).toEqual({ reason: 'quit', skipped: 'the model never answered in it' })
    expect(await end.resume()).toEqual({ sessions: 0, hooks: [] })
    end.commit(s1, EXPLICIT)
    expect(end.endNote(s1.id)).toEqual({ reason: 'quit', skipped: null })
    expect((await end.run(s1.id)).hooks.map((h) => h.id)).toEqual(['retention', 'nexus'])
    expect(runs).toEqual(['retention:s1', 'nexus:s1'])
  })

  it('a hook that throws is recorded as failed and not run again', async () => {
    const end = work([
      hook('retention', async () => Promise.reject(new Error('the model is unreachable'))),
      hook('nexus')
    ])
    end.commit({ id: testId.session('s1'), agentId: testId.agent('scribe') }, EXPLICIT)
    expect((await end.run(testId.session('s1'))).hooks).toEqual([
      { id: 'retention', ok: false, error: 'the model is unreachable' },
      { id: 'nexus', ok: true, error: null }
    ])
    expect(states()).toEqual({ 's1/nexus': 'done', 's1/retention': 'failed' })
    expect(await end.resume()).toEqual({ sessions: 0, hooks: [] })
  })

  it('resumes work left pending or claimed by a process that died, never work a live process runs', async () => {
    addSession('s2')
    addSession('s3')
    const child = spawn(process.execPath, ['-e', ''])
    const dead = { pid: child.pid as number, started: processStartTime(child.pid as number) }
    await new Promise((resolve) => child.once('exit', resolve))
    const insert = db.prepare(
      `INSERT INTO session_end_work (session_id, agent_id, hook, state, claimed_pid, claimed_started, claimed_host, created_at) VALUES (?, 'scribe', 'retention', ?, ?, ?, NULL, 1)`
    )
    insert.run(testId.session('s1'), 'pending', null, null)
    insert.run(testId.session('s2'), 'running', dead.pid, dead.started)
    insert.run(testId.session('s3'), 'running', process.ppid, processStartTime(process.ppid))
    const report = await work([hook('retention')]).resume()
    expect(report.sessions).toBe(2)
    expect(runs.sort()).toEqual(['retention:s1', 'retention:s2'])
    expect(states()).toEqual({ 's1/retention': 'done', 's2/retention': 'done', 's3/retention': 'running' })
  })

  it('of two hosts resuming at once, exactly one runs each hook', async () => {
    let release: () => void = () => undefined
    const slow = hook(
      'retention',
      () => new Promise((resolve) => (release = () => resolve({ candidates: [] })))
    )
    const first = work([slow])
    const second = work([slow])
    first.commit({ id: testId.session('s1'), agentId: testId.agent('scribe') }, EXPLICIT)
    const running = first.resume()
    const other = await second.resume()
    release()
    expect((await running).sessions).toBe(1)
    expect(other.hooks).toEqual([])
    expect(runs).toEqual(['retention:s1'])
  })
})
