import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { knowledgeHome, OTHER, type KnowledgeHome } from '../knowledge/testing/knowledgeHome'

let home: KnowledgeHome | undefined
afterEach(() => home?.dispose())

function page(h: KnowledgeHome, slug: string): string {
  return readFileSync(join(h.dir, 'nexus', 'wiki', `${slug}.md`), 'utf8')
}

describe('the compiled wiki pages', () => {
  it('writes one page per person, project and tool, citing each fact and decision, linked both ways', async () => {
    home = knowledgeHome()
    const tea = home.fact('Ada Lovelace prefers tea in the morning.')
    const backups = home.fact('Ada Lovelace wants PostgreSQL backups every night.', OTHER)
    home.fact('The garden needs water on Sundays.')
    const seq = home.post('decision', 'Use PostgreSQL for the Atlas project ledger.', {
      rationale: 'It already runs the invoices.'
    })
    const pages = home.core.services.wiki.rebuild()
    expect(pages.map((p) => p.slug).sort()).toEqual(['ada-lovelace', 'atlas', 'index', 'postgresql'])
    const ada = page(home, 'ada-lovelace')
    expect(ada).toContain('kind: person')
    expect(ada).toContain(`- Ada Lovelace prefers tea in the morning. — fact ${tea} · Scribe ·`)
    expect(ada).toContain(`- Ada Lovelace wants PostgreSQL backups every night. — fact ${backups} · Other ·`)
    expect(ada).toContain('- [[postgresql|PostgreSQL]]')
    const postgres = page(home, 'postgresql')
    expect(postgres).toContain('kind: tool')
    expect(postgres).toContain(`[decision #${seq}](../decisions.md)`)
    expect(postgres).toContain('Why: It already runs the invoices.')
    expect(postgres).toContain('- [[ada-lovelace|Ada Lovelace]]')
    expect(postgres).toContain('- [[atlas|Atlas]]')
    expect(page(home, 'atlas')).toContain('kind: project')
    expect(page(home, 'index')).toContain('- [[ada-lovelace|Ada Lovelace]]')
    // Nothing half-written is left beside the folder.
    expect(readdirSync(join(home.dir, 'nexus')).filter((name) => name.startsWith('wiki'))).toEqual(['wiki'])
    // Searchable as their own kind, by the user only.
    const found = await home.core.services.knowledge.search({
      text: 'Lovelace tea',
      kinds: ['wiki'],
      limit: 5
    })
    expect(found.results[0]).toMatchObject({ kind: 'wiki', path: 'nexus/wiki/ada-lovelace.md' })
    // Its snippet is plain text with the words marked, as a reader sees the page: no markdown.
    const links = await home.core.services.knowledge.search({ text: 'PostgreSQL', kinds: ['wiki'], limit: 5 })
    expect(links.results.length).toBeGreaterThan(1)
    for (const hit of [...found.results, ...links.results]) {
      expect(hit.snippet).not.toMatch(/\[\[|\]\]|^#|\s#+\s|^---|kind: |\]\(/)
      expect(hit.parts.some((part) => part.hit)).toBe(true)
    }
    expect(found.results[0]?.snippet).toContain('Ada [Lovelace] prefers [tea] in the morning.')
    expect(home.core.services.wiki.list().pages.map((p) => p.title)).toEqual([
      'Wiki',
      'Ada Lovelace',
      'Atlas',
      'PostgreSQL'
    ])
    expect(() => home!.core.services.wiki.page('../hearth')).toThrow(/No wiki page/)
  })

  it('compiles again by itself when a decision is posted, and drops a page nothing names any more', async () => {
    home = knowledgeHome()
    home.fact('Grace Hopper reviews the compiler notes.')
    home.core.services.wiki.rebuild()
    expect(existsSync(join(home.dir, 'nexus', 'wiki', 'grace-hopper.md'))).toBe(true)
    home.post('decision', 'Use Bazel for the build.', { rationale: 'Caching.' })
    await vi.waitFor(() => expect(existsSync(join(home!.dir, 'nexus', 'wiki', 'bazel.md'))).toBe(true), {
      timeout: 5000
    })
    home.core.internals.db.prepare("UPDATE memory_facts SET status = 'rejected'").run()
    home.core.services.wiki.rebuild()
    expect(existsSync(join(home.dir, 'nexus', 'wiki', 'grace-hopper.md'))).toBe(false)
    expect(existsSync(join(home.dir, 'nexus', 'wiki', 'bazel.md'))).toBe(true)
  })
})

describe('a wiki page as the app reads it', () => {
  it('lists the pages and gives one with the facts and decisions it cites, its links and backlinks', () => {
    home = knowledgeHome()
    const fact = home.fact('Ada Lovelace wants PostgreSQL backups every night.', OTHER)
    const seq = home.post('decision', 'Use PostgreSQL for the ledger.', { rationale: 'It runs already.' })
    const list = home.core.services.wiki.list()
    expect(list.dir).toBe('nexus/wiki')
    expect(list.pages.map((p) => [p.slug, p.sources])).toEqual([
      ['index', 0],
      ['ada-lovelace', 1],
      ['postgresql', 2]
    ])
    // Reading the list put the pages on disk (nothing had compiled them yet).
    expect(existsSync(join(home.dir, 'nexus', 'wiki', 'postgresql.md'))).toBe(true)
    const page = home.core.services.wiki.page('postgresql')
    expect(page).toMatchObject({ title: 'PostgreSQL', kind: 'tool', path: 'nexus/wiki/postgresql.md' })
    expect(page.markdown).toBe(readFileSync(join(home.dir, 'nexus', 'wiki', 'postgresql.md'), 'utf8'))
    expect(page.citations).toEqual([
      expect.objectContaining({ kind: 'fact', key: fact, agentId: 'other', by: 'Other' }),
      expect.objectContaining({ kind: 'decision', key: seq, agentId: null })
    ])
    expect(page.links).toEqual([{ slug: 'ada-lovelace', title: 'Ada Lovelace' }])
    expect(page.backlinks).toEqual([{ slug: 'ada-lovelace', title: 'Ada Lovelace' }])
    expect(home.core.services.wiki.page('index').links.map((l) => l.slug)).toEqual([
      'ada-lovelace',
      'postgresql'
    ])
    expect(() => home!.core.services.wiki.page('grace-hopper')).toThrow(/No wiki page "grace-hopper"/)
  })
})
