import { writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { knowledgeHome, OTHER, SCRIBE, type KnowledgeHome } from './testing/knowledgeHome'

let home: KnowledgeHome | undefined
afterEach(() => home?.dispose())

const search = (h: KnowledgeHome, text: string, extra: Record<string, unknown> = {}) =>
  h.core.services.knowledge.search({ text, limit: 10, ...extra })

/** The clock as searches read it, moved past the age of a file scan they accept. */
const realNow = performance.now.bind(performance)
let skipped = 0
function twoSecondsLater(): void {
  skipped += 2_001
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skipped)
}
afterEach(() => vi.restoreAllMocks())

describe('the knowledge index', () => {
  it('finds every kind, each hit with the provenance to open it', async () => {
    home = knowledgeHome()
    const h = home
    const factId = h.fact('Invoices are archived in the ledgerbox folder')
    const { sessionId, messageIds } = h.chat([
      'Where do the ledgerbox backups go?',
      'They go to the NAS every night.'
    ])
    const seq = h.post('decision', 'Keep ledgerbox on the NAS', { rationale: 'the NAS has snapshots' })
    h.file('agents/scribe/memories/ledger.md', '---\nname: Ledger\n---\nThe ledgerbox holds receipts.\n')
    h.file('agents/scribe/MEMORY.md', 'ledgerbox is mounted at /mnt/ledger\n§\nThe user likes tea')
    h.file('USER.md', 'The user keeps a ledgerbox')
    h.file('nexus/project-state.md', '# State\nledgerbox migration is half done')
    h.file(
      'skills/ledger/SKILL.md',
      '---\nname: ledger-tools\ndescription: work with the ledgerbox\n---\nSteps…'
    )
    const { results } = await search(h, 'ledgerbox')
    const byKind = new Map(results.map((hit) => [hit.kind, hit]))
    expect([...byKind.keys()].sort()).toEqual(
      [
        'fact',
        'memory_entry',
        'memory_file',
        'message',
        'nexus',
        'project_state',
        'skill',
        'user_entry'
      ].sort()
    )
    expect(byKind.get('fact')).toMatchObject({ id: String(factId), agentId: SCRIBE, method: 'bm25' })
    expect(byKind.get('message')).toMatchObject({ sessionId, messageId: messageIds[0], agentId: SCRIBE })
    expect(byKind.get('nexus')).toMatchObject({ seq, nexusId: expect.stringMatching(/^[0-9a-f]{64}$/) })
    expect(byKind.get('memory_file')).toMatchObject({
      path: 'agents/scribe/memories/ledger.md',
      title: 'Ledger'
    })
    expect(byKind.get('memory_entry')).toMatchObject({ path: 'agents/scribe/MEMORY.md', chunk: 0 })
    expect(byKind.get('skill')).toMatchObject({ path: 'skills/ledger/SKILL.md', title: 'Skill ledger-tools' })
    for (const hit of results) expect(hit.snippet).toContain('[ledgerbox]')
    expect(byKind.get('fact')?.parts).toContainEqual({ text: 'ledgerbox', hit: true })
  })

  it('indexes a decision with its rationale, so the reason finds it', async () => {
    home = knowledgeHome()
    const seq = home.post('decision', 'Use SQLite for the cache', {
      rationale: 'one file, nothing to operate'
    })
    const { results } = await search(home, 'nothing to operate')
    expect(results[0]).toMatchObject({ kind: 'nexus', seq })
    expect(results[0]?.snippet).toContain('Why: one file, [nothing] to [operate]')
  })

  it('lets an agent find its own facts, files and chats and everything shared, never another agent’s', async () => {
    home = knowledgeHome()
    const h = home
    h.fact('scribe prefers quince jam')
    h.fact('other prefers quince jelly', OTHER)
    h.chat(['quince for other'], OTHER)
    h.file('agents/other/MEMORY.md', 'quince notes of other')
    h.post('handoff', 'quince harvest is in October')
    const asScribe = await search(h, 'quince', { agentId: SCRIBE })
    expect(asScribe.results.map((hit) => hit.agentId ?? 'shared').sort()).toEqual(['scribe', 'shared'])
    const asUser = await search(h, 'quince')
    expect(asUser.results).toHaveLength(5)
    expect((await search(h, 'quince', { kinds: ['nexus'] })).results.map((hit) => hit.kind)).toEqual([
      'nexus'
    ])
  })

  it('follows changes: an edited fact, a deleted file, a chat in the trash and a chat deleted for good', async () => {
    home = knowledgeHome()
    const h = home
    const id = h.fact('The staging port is 8443')
    expect((await search(h, 'staging')).results).toHaveLength(1)
    h.core.internals.memory.facts.update(id, { text: 'The staging host is blue' }, 'edited')
    expect((await search(h, 'port')).results).toHaveLength(0)
    expect((await search(h, 'blue')).results).toHaveLength(1)
    const path = h.file('agents/scribe/memories/x.md', 'zebra crossing notes')
    twoSecondsLater()
    expect((await search(h, 'zebra')).results).toHaveLength(1)
    writeFileSync(path, 'giraffe notes now, longer than before')
    // An edit in another program sends no word: searches within two seconds share the last scan.
    expect((await search(h, 'zebra')).results).toHaveLength(1)
    twoSecondsLater()
    expect((await search(h, 'zebra')).results).toHaveLength(0)
    const { sessionId } = h.chat(['walrus talk', 'walrus reply'])
    expect((await search(h, 'walrus')).results).toHaveLength(2)
    h.core.services.chatLibrary.trash(sessionId)
    expect((await search(h, 'walrus')).results).toHaveLength(0)
    h.core.services.chatLibrary.restore(sessionId)
    expect((await search(h, 'walrus')).results).toHaveLength(2)
    h.core.services.chatLibrary.trash(sessionId)
    h.core.services.chatLibrary.purge(sessionId)
    expect(
      h.core.services.knowledge.store.count(
        "SELECT COUNT(*) AS n FROM knowledge_items WHERE kind = 'message'"
      )
    ).toBe(0)
  })

  it('ranks the exact phrase first, then the words, then parts of words', async () => {
    home = knowledgeHome()
    const h = home
    h.fact('the release train leaves on Monday, and the release notes follow')
    const exact = h.fact('Notes: the release train schedule')
    h.fact('A trainee drafts the releases')
    const { results } = await search(h, 'the release train schedule')
    expect(results[0]?.id).toBe(String(exact))
    const partial = await search(h, 'kubectl')
    expect(partial.results).toHaveLength(0)
    const id = h.fact('Deploy with kubectl-apply-all.sh from the ops repo')
    const found = await search(h, 'applyall')
    expect(found.results).toHaveLength(0)
    const parts = await search(h, 'kubect')
    expect(parts.results.map((hit) => hit.id)).toEqual([String(id)])
    expect(parts.results[0]?.snippet).toContain('[kubectl]-apply-all.sh')
  })

  it('answers a 10,000-character query, an over-long one and one of punctuation only without failing', async () => {
    home = knowledgeHome()
    home.fact('The bakery opens at seven')
    const long = `bakery ${'word '.repeat(1999)}`.slice(0, 10_000)
    expect((await search(home, long)).results[0]?.snippet).toContain('[bakery]')
    const over = await search(home, `bakery ${'x'.repeat(20_000)}`)
    expect(over.notice).toMatch(/only its first 10000 were searched/)
    const punctuation = await search(home, '?!… --- ((( """ ***')
    expect(punctuation.results).toEqual([])
    expect(punctuation.notice).toBe('The query has no word to search for.')
  })

  it('cuts a 50 MB memory file into overlapping chunks a slice at a time, never one row, and names the chunk of a hit', async () => {
    home = knowledgeHome()
    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.\n'
    const body = line.repeat(Math.ceil((50 * 1024 * 1024) / line.length))
    const marker = 'The unicorn password hint is under the third stone.'
    const at = 150_000
    home.file('agents/scribe/memories/huge.md', `${body.slice(0, at)}${marker}\n${body.slice(at)}`)
    const knowledge = home.core.services.knowledge
    // Recall never waits for it: the agent's refresh leaves a big file to the background.
    knowledge.refreshAgent(SCRIBE)
    expect(knowledge.store.itemCount()).toBe(0)
    for (let i = 0; i < 5; i++) knowledge.indexer.step()
    const parts = knowledge.store.count(
      "SELECT COUNT(*) AS n FROM knowledge_items WHERE kind = 'memory_file'"
    )
    expect(parts).toBeGreaterThan(150)
    expect(parts).toBeLessThan(1000) // a slice at a time: the file is far from done
    expect(knowledge.store.state('file.agents/scribe/memories/huge.md')).toMatch(/"byte":\d+/)
    expect(knowledge.store.count('SELECT MAX(length(text)) AS n FROM knowledge_items')).toBeLessThanOrEqual(
      1200
    )
    const { results } = await knowledge.searchIndexed({ text: 'unicorn stone', limit: 5 })
    expect(results[0]).toMatchObject({ kind: 'memory_file', path: 'agents/scribe/memories/huge.md' })
    expect(results[0]?.chunk).toBeGreaterThan(100)
    expect(results[0]?.title).toBe(`huge.md · part ${(results[0]?.chunk ?? 0) + 1}`)
  }, 60_000)

  it('builds the index for what existed before it, resumably, and rebuilds it on demand', async () => {
    home = knowledgeHome()
    const h = home
    for (let i = 0; i < 450; i++) h.fact(`batch fact number ${i} about otters`)
    const knowledge = h.core.services.knowledge
    // As after the migration on an old home: nothing indexed, the outbox empty, a build to walk.
    knowledge.indexer.reset()
    h.core.internals.db.exec('DELETE FROM knowledge_outbox')
    expect(knowledge.indexer.step()).toBe(200)
    expect(knowledge.store.state('cursor.fact')).toBeDefined()
    knowledge.indexPending()
    expect(knowledge.store.count("SELECT COUNT(*) AS n FROM knowledge_items WHERE kind = 'fact'")).toBe(450)
    const status = await knowledge.reindex()
    expect(status.byKind.fact).toBe(450)
    expect(status.summary).toMatch(
      /^Words only \(no embedding model set in Settings → Knowledge\): 450 items indexed/
    )
  })
})
