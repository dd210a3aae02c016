import { describe, expect, it } from 'vitest'
import type { KnowledgeHit } from '../../../../shared/contract'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { testId } from '../../../../shared/testing/ids'
import { groupByKind, memoryFileSlug, skillPathOf, sourceOf, wikiSlugOf } from './sources'
import { flatEntries, switcherGroups } from './switcherEntries'

function hit(kind: KnowledgeHit['kind'], patch: Partial<KnowledgeHit> = {}): KnowledgeHit {
  return {
    kind,
    id: '1',
    agentId: testId.agent('scribe'),
    sessionId: null,
    messageId: null,
    nexusId: null,
    seq: null,
    path: null,
    chunk: 0,
    ts: 1,
    title: `${kind} hit`,
    snippet: 'x',
    parts: [{ text: 'x', hit: true }],
    score: 1,
    method: 'bm25',
    ...patch
  }
}

describe('the switcher search', () => {
  it('groups knowledge by kind in a fixed order, keeping the ranking inside each group', () => {
    const hits = [hit('nexus', { id: 'n1' }), hit('fact', { id: '7' }), hit('nexus', { id: 'n2' })]
    expect(groupByKind(hits).map((g) => [g.kind, g.hits.map((h) => h.id)])).toEqual([
      ['fact', ['7']],
      ['nexus', ['n1', 'n2']]
    ])
  })

  it('knows where each kind opens, and says which have no screen', () => {
    expect(sourceOf(hit('fact', { id: '7' }))?.focus).toEqual({ kind: 'fact', id: 7 })
    expect(sourceOf(hit('nexus', { seq: 4 }))?.focus).toEqual({ kind: 'nexus', seq: 4 })
    expect(sourceOf(hit('user_entry'))?.agentId).toBeNull()
    expect(memoryFileSlug('agents/scribe/memories/release-train.md')).toBe('release-train')
    expect(sourceOf(hit('skill', { path: 'skills/x/SKILL.md' }))?.agentId).toBeNull()
    expect(skillPathOf('skills/tools/x/SKILL.md')).toBe('tools/x/SKILL.md')
    expect(wikiSlugOf('nexus/wiki/ada-lovelace.md')).toBe('ada-lovelace')
    expect(wikiSlugOf('nexus/decisions.md')).toBeNull()
    expect(sourceOf(hit('wiki', { path: 'nexus/wiki/x.md' }))).not.toBeNull()
    expect(sourceOf(hit('wiki', { path: 'elsewhere/x.md' }))).toBeNull()
    const found = switcherGroups(
      'x',
      { chats: [], total: 0 },
      {
        query: 'x',
        chats: [],
        knowledge: [
          hit('skill', { path: 'skills/x/SKILL.md' }),
          hit('wiki', { path: 'nexus/wiki/x.md' }),
          hit('memory_file', { path: 'agents/scribe/memories/x.md', agentId: null }),
          hit('nexus', { seq: 4, title: 'decision #4 by scribe' }),
          hit('nexus', { seq: 5, title: 'note #5 by claude-code' })
        ],
        notice: null
      },
      (id) => (id === 'scribe' ? 'Scribe the Wise' : id)
    )
    const entries = flatEntries(found.groups)
    expect(
      entries.find((entry) => entry.target.kind === 'knowledge' && entry.target.hit.kind === 'skill')
    ).toMatchObject({
      openable: true
    })
    expect(
      entries.find((entry) => entry.target.kind === 'knowledge' && entry.target.hit.kind === 'wiki')
    ).toMatchObject({ openable: true })
    expect(
      entries.find((entry) => entry.target.kind === 'knowledge' && entry.target.hit.kind === 'memory_file')
    ).toMatchObject({
      openable: false,
      meta: expect.stringContaining('agents/scribe/memories/x.md')
    })
    expect(entries.map((entry) => entry.title)).toEqual(
      expect.arrayContaining(['decision #4 by Scribe the Wise', 'note #5 by claude-code'])
    )
  })

  it('shows an older answer as stale until the typed query is answered; only the newest answer lands', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    const release: Record<string, () => void> = {}
    api.handle('chats.search', async ({ query }) => {
      await new Promise<void>((resolve) => (release[query] = resolve))
      return { hits: [] }
    })
    api.handle('knowledge.search', ({ query }) => ({
      results: [hit('fact', { title: query })],
      notice: null,
      embeddings: {
        state: 'off',
        baseUrl: null,
        model: null,
        dims: null,
        error: null,
        retryAtMs: null,
        keyConfigured: false,
        keySource: 'none'
      }
    }))
    const first = store.getState().searchEverything('tom')
    const second = store.getState().searchEverything('tomato')
    await new Promise((resolve) => setTimeout(resolve, 0))
    release.tomato?.()
    await second
    release.tom?.()
    await first
    expect(store.getState().everything?.query).toBe('tomato')
    expect(
      switcherGroups('tomatoes', { chats: [], total: 0 }, store.getState().everything, String).stale
    ).toBe(true)
    expect(
      switcherGroups('tomato', { chats: [], total: 0 }, store.getState().everything, String)
    ).toMatchObject({ stale: false })
  })
})
