import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCore } from '../../src/core/createCore'
import { insertPendingCandidate } from '../../src/core/memory/testing/approvedFact'
import { testId } from '../../src/shared/testing/ids'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { runHearthAsync, type CliRun } from '../helpers/cli'
import { nexusPostArgs } from '../helpers/nexusPost'
import { makeTempDir } from '../helpers/tempHome'

const ROUNDS = 3
const CHATS = 8
const NEXUS_WRITERS = 4
const MEMORY_WRITERS = 2
const AGENT = testId.agent('hearth')

let fake: FakeAnthropic
let temp: ReturnType<typeof makeTempDir>

beforeAll(async () => {
  fake = await startFakeAnthropic()
  // Each reply names the message it answers, so a reply stored in the wrong chat would show.
  fake.respondWith((request) => {
    const marker = /chat r\d+-\d+/.exec(JSON.stringify(request.body?.messages.at(-1)))
    return `answer to ${marker?.[0] ?? 'nothing'}`
  })
  temp = makeTempDir('hearth-many-processes-')
})

afterAll(async () => {
  await fake?.close()
  temp?.cleanup()
})

function hearth(...args: string[]): Promise<CliRun> {
  return runHearthAsync(['--home', temp.dir, '--json', ...args], {
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  })
}

/** Pending candidates in the review inbox, as retention would leave them, one per round. */
function seedCandidates(): number[] {
  const core = createCore({ home: temp.dir, host: 'cli', env: {} })
  try {
    return Array.from({ length: ROUNDS }, (_, round) =>
      insertPendingCandidate(core, AGENT, `candidate of round ${round}`)
    )
  } finally {
    core.dispose()
  }
}

/** One round: every writer of the home started at the same moment, as separate CLI processes. */
function round(index: number, candidate: number): Promise<CliRun>[] {
  return [
    ...Array.from({ length: CHATS }, (_, i) => hearth('chat', `chat r${index}-${i}`)),
    ...Array.from({ length: NEXUS_WRITERS }, (_, i) =>
      hearth(...nexusPostArgs({ agent: `writer-${i}`, type: 'state', summary: `round ${index} writer ${i}` }))
    ),
    ...Array.from({ length: MEMORY_WRITERS }, (_, i) =>
      hearth('memory', 'add', '--target', 'memory', '--content', `Round ${index} memory writer ${i}.`)
    ),
    hearth('review', 'approve', String(candidate))
  ]
}

describe('many processes on one home', () => {
  it('8 chats, 4 Nexus writers, 2 memory writers and a review approver at once, 3 rounds: every call succeeds, nothing lost or doubled', async () => {
    expect((await hearth('agents', 'create', 'Hearth')).code).toBe(0)
    const candidates = seedCandidates()
    for (let index = 0; index < ROUNDS; index++) {
      const runs = await Promise.all(round(index, candidates[index] as number))
      const failed = runs.filter((run) => run.code !== 0).map((run) => run.stderr.trim() || run.stdout)
      expect(failed).toEqual([])
    }

    const db = new Database(join(temp.dir, 'hearth.db'), { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const sessions = db.prepare('SELECT id FROM sessions').all() as { id: string }[]
      expect(sessions).toHaveLength(ROUNDS * CHATS)
      // Each chat holds its own question and the answer to it, once.
      const transcripts = db
        .prepare(
          "SELECT session_id, group_concat(role || ':' || search_text, '|') AS t FROM messages GROUP BY session_id"
        )
        .all() as { session_id: string; t: string }[]
      const expected = Array.from({ length: ROUNDS * CHATS }, (_, n) => {
        const marker = `chat r${Math.floor(n / CHATS)}-${n % CHATS}`
        return `user:${marker}|assistant:answer to ${marker}`
      })
      expect(transcripts.map((row) => row.t).sort()).toEqual(expected.sort())

      const entries = db
        .prepare("SELECT summary FROM nexus_entries WHERE agent LIKE 'writer-%' ORDER BY summary")
        .all() as { summary: string }[]
      const posted = Array.from({ length: ROUNDS * NEXUS_WRITERS }, (_, n) => {
        return `round ${Math.floor(n / NEXUS_WRITERS)} writer ${n % NEXUS_WRITERS}`
      })
      expect(entries.map((entry) => entry.summary)).toEqual(posted.sort())

      const receipts = db.prepare("SELECT count(*) AS n FROM memory_receipts WHERE agent_id = 'hearth'").get()
      expect(receipts).toEqual({ n: ROUNDS * MEMORY_WRITERS })
      const approved = db
        .prepare("SELECT id FROM memory_facts WHERE status = 'approved' ORDER BY id")
        .all() as { id: number }[]
      expect(approved.map((row) => row.id)).toEqual(candidates)
    } finally {
      db.close()
    }

    const memory = readFileSync(join(temp.dir, 'agents', 'hearth', 'MEMORY.md'), 'utf8')
    for (let index = 0; index < ROUNDS; index++)
      for (let writer = 0; writer < MEMORY_WRITERS; writer++)
        expect(memory.split(`Round ${index} memory writer ${writer}.`)).toHaveLength(2)

    const verify = await hearth('nexus', 'verify')
    expect(verify.code).toBe(0)
    expect(verify.json()).toMatchObject({ ok: true })
  }, 900_000)
})
