import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WikiList, WikiPageView } from '../../shared/contract'
import { compileWiki, type WikiPage, type WikiSource } from '../domain/wiki/wikiPages'
import { notFound } from '../errors'
import type { HomePaths } from '../home/homePaths'
import type { KeyedSource, SourceRecord } from '../ports/knowledgeSources'
import type { Logger } from '../ports/logger'
import type { EventHub } from '../events'

const PAGE = 2000
/** Changes this close together are compiled once. */
const DEBOUNCE_MS = 500

export interface WikiDeps {
  readonly paths: HomePaths
  readonly facts: KeyedSource
  readonly nexus: KeyedSource
  /** An agent's display name for its id (the id itself when unknown). */
  readonly agentName: (agentId: string) => string
  readonly log: Logger
  readonly events: EventHub
  /** False once the database is closed: a pending rebuild is then dropped. */
  readonly isOpen: () => boolean
  readonly readOnly?: boolean
}

/** What changes which facts are approved or which decisions exist. */
const CHANGES = new Set(['review.changed', 'memory.written', 'memory.undone', 'nexus.appended'])

/** The folder of the pages, relative to the home. */
const WIKI_DIR = 'nexus/wiki'

/**
 * The compiled pages under the home's `nexus/wiki/`: one per person, project and tool named in
 * approved facts and Nexus decisions. A rebuild writes every page into a fresh folder and swaps
 * it in with two renames, so a reader (Obsidian, the index) never sees half a wiki.
 */
export class WikiService {
  private timer: NodeJS.Timeout | null = null
  /** The pages as last compiled; null once a source changed (compiled again on the next read). */
  private compiled: WikiPage[] | null = null

  constructor(private readonly deps: WikiDeps) {
    deps.events.subscribe((...[event]) => {
      if (!CHANGES.has(event)) return
      this.compiled = null
      this.schedule()
    })
  }

  get dir(): string {
    return join(this.deps.paths.nexus, 'wiki')
  }

  /** Compiles every page from the sources now; returns the pages written. */
  rebuild(): WikiPage[] {
    const pages = compileWiki(this.sources())
    this.compiled = pages
    if (this.deps.readOnly) return pages
    const staging = `${this.dir}.new`
    const previous = `${this.dir}.old`
    rmSync(staging, { recursive: true, force: true })
    mkdirSync(staging, { recursive: true, mode: 0o700 })
    for (const page of pages) writeFileSync(join(staging, page.file), page.markdown, { mode: 0o600 })
    rmSync(previous, { recursive: true, force: true })
    if (existsSync(this.dir)) renameSync(this.dir, previous)
    renameSync(staging, this.dir)
    rmSync(previous, { recursive: true, force: true })
    return pages
  }

  /** A rebuild shortly (approvals and decisions come in bursts). */
  schedule(): void {
    if (this.deps.readOnly) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => {
      this.timer = null
      if (!this.deps.isOpen()) return
      try {
        this.rebuild()
      } catch (error) {
        this.deps.log.warn('the wiki pages could not be written', { error: String(error) })
      }
    }, DEBOUNCE_MS)
    this.timer.unref()
  }

  /** The pages as compiled now, written to disk first if they never were. */
  pages(): WikiPage[] {
    if (!this.deps.readOnly && !existsSync(this.dir)) return this.rebuild()
    this.compiled ??= compileWiki(this.sources())
    return this.compiled
  }

  /** Every page, index first, then by title. */
  list(): WikiList {
    const pages = this.pages().map((page) => ({
      slug: page.slug,
      title: page.title,
      kind: page.kind,
      sources: page.sources.length
    }))
    return {
      pages: pages.sort(
        (a, b) => Number(b.slug === 'index') - Number(a.slug === 'index') || a.title.localeCompare(b.title)
      ),
      dir: WIKI_DIR
    }
  }

  /** One page with its citations and the pages linking to it; `not_found` when there is none. */
  page(slug: string): WikiPageView {
    const pages = this.pages()
    const page = pages.find((p) => p.slug === slug)
    if (!page) throw notFound(`No wiki page "${slug}": it may have been dropped when its facts changed.`)
    return {
      slug: page.slug,
      title: page.title,
      kind: page.kind,
      path: `${WIKI_DIR}/${page.file}`,
      markdown: page.markdown,
      citations: page.sources.map((s) => ({ ...s })),
      links: [...page.links],
      backlinks: pages
        .filter((p) => p.slug !== 'index' && p.links.some((l) => l.slug === slug))
        .map((p) => ({ slug: p.slug, title: p.title }))
    }
  }

  private sources(): WikiSource[] {
    const facts = all(this.deps.facts).map((record) => ({
      kind: 'fact' as const,
      key: record.key,
      by: record.agentId === null ? 'the user' : this.deps.agentName(record.agentId),
      agentId: record.agentId,
      ts: record.ts,
      text: record.text
    }))
    const decisions = all(this.deps.nexus)
      .filter((record) => record.title.startsWith('decision #'))
      .map((record) => ({
        kind: 'decision' as const,
        key: record.key,
        by: decider(record.title, this.deps.agentName),
        agentId: null,
        ts: record.ts,
        text: record.text
      }))
    return [...facts, ...decisions]
  }
}

function all(source: KeyedSource): SourceRecord[] {
  const out: SourceRecord[] = []
  for (let after = 0; ;) {
    const page = source.after(after, PAGE)
    out.push(...page)
    if (page.length < PAGE) return out
    after = page.at(-1)?.key ?? after
  }
}

/** Who decided, from the index's title ("decision #12 by scribe"): an agent of this home by its name. */
function decider(title: string, agentName: (agentId: string) => string): string {
  const id = /by (.+)$/.exec(title)?.[1]
  if (id === undefined) return 'an agent'
  return id === 'user' ? 'the user' : agentName(id)
}
