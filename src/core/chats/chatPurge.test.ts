import type { SessionId } from '../../shared/contract'
import { testId } from '../../shared/testing/ids'
import { describe, expect, it } from 'vitest'
import { useFakeModelCore } from '../../../tests/helpers/fakeModelCore'
import type { Core } from '../createCore'
import { insertApprovedFact } from '../memory/testing/approvedFact'
import { RETENTION_TOOL_NAME } from '../memory/retentionPrompt'
import type { Db } from '../node/db/openDatabase'
import type { SessionPurgeStep } from '../ports/sessionPurge'

const world = useFakeModelCore()

/** Rows each feature keeps about one session, counted straight from the tables. */
const PER_SESSION: Readonly<Record<string, string>> = {
  sessions: 'SELECT count(*) FROM sessions WHERE id = ?',
  session_prompts: 'SELECT count(*) FROM session_prompts WHERE session_id = ?',
  messages: 'SELECT count(*) FROM messages WHERE session_id = ?',
  api_calls: 'SELECT count(*) FROM api_calls WHERE session_id = ?',
  turn_versions: 'SELECT count(*) FROM turn_versions WHERE session_id = ?',
  session_end_work: 'SELECT count(*) FROM session_end_work WHERE session_id = ?',
  memory_recalls: 'SELECT count(*) FROM memory_recalls WHERE session_id = ?',
  memory_recall_items:
    'SELECT count(*) FROM memory_recall_items i JOIN memory_recalls r ON r.id = i.recall_id WHERE r.session_id = ?',
  retention_runs: 'SELECT count(*) FROM retention_runs WHERE session_id = ?',
  memory_receipts: 'SELECT count(*) FROM memory_receipts WHERE session_id = ?'
}

function rowsOf(db: Db, sessionId: SessionId): Record<string, number> {
  return Object.fromEntries(
    Object.entries(PER_SESSION).map(([table, sql]) => [
      table,
      db.prepare(sql).pluck().get(sessionId) as number
    ])
  )
}

function total(db: Db, table: 'memory_facts' | 'memory_receipts' | 'nexus_entries'): number {
  return db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number
}

/** A chat that recalled a fact, wrote to MEMORY.md and was ended (retention and the Nexus summary ran). */
async function endedChat(core: Core, text: string, note: string): Promise<SessionId> {
  world.fake.script(
    { toolUses: [{ name: 'memory', input: { action: 'add', target: 'memory', content: note } }] },
    'Noted.'
  )
  const { sessionId } = await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text })
  world.fake.setToolInput(RETENTION_TOOL_NAME, { candidates: [] })
  const report = await core.services.sessions.end(sessionId)
  expect(report.hooks).toEqual([
    { id: 'retention', ok: true, error: null },
    { id: 'nexus', ok: true, error: null }
  ])
  return sessionId
}

async function twoEndedChats(core: Core): Promise<{ purged: SessionId; kept: SessionId }> {
  insertApprovedFact(core, testId.agent('scribe'), 'The north bed grows parsnips')
  const purged = await endedChat(core, 'we decided on parsnips for the north bed', 'Parsnips: north bed')
  const kept = await endedChat(core, 'what about parsnips next year?', 'Parsnips again next year')
  return { purged, kept }
}

describe('deleting a chat for good, one step per feature', () => {
  it("removes exactly the chat's rows in every feature; other chats, facts, receipts and the Nexus log stay", async () => {
    const core = world.open({ agent: ['Scribe', 'scribe'] })
    const { purged, kept } = await twoEndedChats(core)
    const db = core.internals.db
    const before = rowsOf(db, purged)
    // Every kind of row is there to be deleted, so the counts below prove each step ran.
    for (const [table, count] of Object.entries(before)) expect([table, count > 0]).toEqual([table, true])
    const keptBefore = rowsOf(db, kept)
    const facts = total(db, 'memory_facts')
    const nexus = total(db, 'nexus_entries')

    core.services.chatLibrary.trash(purged)
    expect(core.services.chatLibrary.purge(purged)).toEqual({ id: purged })

    expect(rowsOf(db, purged)).toEqual({ ...mapValues(before, 0), memory_receipts: before.memory_receipts })
    expect(rowsOf(db, kept)).toEqual(keptBefore)
    expect(
      db.prepare("SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'decided'").pluck().get()
    ).toBe(0)
    expect(total(db, 'memory_facts')).toBe(facts)
    expect(total(db, 'nexus_entries')).toBe(nexus)
    expect(core.services.nexus.verify()).toMatchObject({ ok: true })
  })

  it('rolls the whole delete back when a step fails: the chat stays in the trash with every row', async () => {
    const failing: SessionPurgeStep = {
      id: 'failing',
      forgetSession: () => {
        throw new Error('the disk is full')
      }
    }
    const core = world.open({ agent: ['Scribe', 'scribe'], seams: { purgeSteps: [failing] } })
    const { purged } = await twoEndedChats(core)
    core.services.chatLibrary.trash(purged)
    const before = rowsOf(core.internals.db, purged)

    expect(() => core.services.chatLibrary.purge(purged)).toThrow('the disk is full')
    expect(rowsOf(core.internals.db, purged)).toEqual(before)
    expect(core.services.chatLibrary.trashList().map((chat) => chat.id)).toEqual([purged])
  })

  it('refuses a purge step given twice when the core is built, and lets the home go', () => {
    const again: SessionPurgeStep = { id: 'memory', forgetSession: () => undefined }
    expect(() => world.open({ seams: { purgeSteps: [again] } })).toThrow(
      /session purge step "memory" is already registered/
    )
    expect(world.open().services.agents.list()).toEqual([])
  })
})

function mapValues(record: Record<string, number>, value: number): Record<string, number> {
  return Object.fromEntries(Object.keys(record).map((key) => [key, value]))
}
