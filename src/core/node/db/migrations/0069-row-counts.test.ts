import type Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { knowledgeHome, OTHER, type KnowledgeHome } from '../../../knowledge/testing/knowledgeHome'
import { openNexusTestHome, type NexusTestHome } from '../../../nexus/testing/nexusTestHome'
import { databaseBefore } from '../testing/databaseBefore'
import { up } from './0069-row-counts'

let db: Database.Database | undefined
let knowledge: KnowledgeHome | undefined
let nexus: NexusTestHome | undefined
afterEach(() => {
  db?.close()
  knowledge?.dispose()
  nexus?.dispose()
  db = knowledge = nexus = undefined
})

/** The counts as a fresh COUNT(*) over the whole table gives them. */
function countedByKind(database: Database.Database): Record<string, number> {
  const rows = database.prepare('SELECT kind, COUNT(*) AS n FROM knowledge_items GROUP BY kind').all() as {
    kind: string
    n: number
  }[]
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]))
}

async function expectTrueCounts(home: KnowledgeHome): Promise<void> {
  const byKind = countedByKind(home.core.internals.db)
  const status = await home.core.services.knowledge.status()
  expect(status.byKind).toEqual(byKind)
  expect(status.items).toBe(Object.values(byKind).reduce((sum, n) => sum + n, 0))
}

/** Entries by others than `agent` after `seq`, counted fresh over the whole log. */
function countedUnread(database: Database.Database, agent: string, seq: number): number {
  return (
    database
      .prepare('SELECT COUNT(*) AS n FROM nexus_entries WHERE seq > ? AND agent <> ?')
      .get(seq, agent) as { n: number }
  ).n
}

describe('migration 0069-row-counts', () => {
  it('starts from the rows already there', () => {
    db = databaseBefore(69)
    const item = db.prepare(
      "INSERT INTO knowledge_items (kind, ref, audience, ts, title, text, hash) VALUES (?, ?, 'everyone', 0, 't', 'x', 'h')"
    )
    for (let i = 0; i < 5; i++) item.run('fact', `f${i}`)
    item.run('skill', 's1')
    up(db)
    expect(db.prepare('SELECT kind, n FROM knowledge_kind_counts ORDER BY kind').all()).toEqual([
      { kind: 'fact', n: 5 },
      { kind: 'skill', n: 1 }
    ])
  })

  it('keeps the knowledge status counts equal to a fresh count through indexing, edits, removals and a rebuild', async () => {
    knowledge = knowledgeHome()
    const h = knowledge
    const service = h.core.services.knowledge
    await expectTrueCounts(h)
    const fact = h.fact('The staging port is 8443')
    h.fact('Another fact', OTHER)
    const { sessionId } = h.chat(['walrus talk', 'walrus reply'])
    h.post('handoff', 'Keep the cache in SQLite')
    h.file('agents/scribe/memories/notes.md', 'zebra crossing notes')
    service.indexPending()
    await expectTrueCounts(h)
    expect((await service.status()).byKind).toMatchObject({ fact: 2, message: 2, nexus: 1 })
    h.core.internals.memory.facts.update(fact, { text: 'The staging host is blue' }, 'edited')
    h.core.services.chatLibrary.trash(sessionId)
    h.core.services.chatLibrary.purge(sessionId)
    service.indexPending()
    await expectTrueCounts(h)
    expect((await service.status()).byKind['message']).toBeUndefined()
    h.core.internals.db.prepare("UPDATE knowledge_items SET kind = 'wiki' WHERE kind = 'nexus'").run()
    await expectTrueCounts(h)
    await service.reindex()
    await expectTrueCounts(h)
    h.core.internals.db.exec('DELETE FROM knowledge_items')
    expect(await service.status()).toMatchObject({ items: 0, byKind: {} })
  })

  it("keeps each lane's unread count equal to a fresh count, wherever its cursor is and after appends", () => {
    nexus = openNexusTestHome()
    const { db: database, nexus: service } = nexus
    const repository = nexus.nexus.repository
    const agents = ['ella', 'lyra', 'milo', 'claude-code']
    const check = (): void => {
      const cursors = repository.cursors(agents)
      for (const cursor of cursors)
        expect(cursor.unread, `${cursor.agent} after #${cursor.seq}`).toBe(
          countedUnread(database, cursor.agent, cursor.seq)
        )
    }
    check()
    for (let i = 0; i < 40; i++)
      service.post({ agent: agents[i % 3] ?? 'ella', type: 'turn', summary: `Step ${i}` })
    check()
    repository.advanceCursor('ella', 5) // far from the tail: counted below the cursor
    repository.advanceCursor('lyra', 30) // near it: counted after the cursor
    repository.advanceCursor('milo', 20) // halfway
    check()
    for (let i = 0; i < 7; i++) service.post({ agent: 'lyra', type: 'turn', summary: `More ${i}` })
    check()
    repository.advanceCursor('ella', 47)
    check()
    expect(repository.cursors(['ella', 'claude-code']).map((cursor) => cursor.unread)).toEqual([0, 47])
  })
})
