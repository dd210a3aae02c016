import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { compileWiki, type WikiPage, type WikiSource } from '../domain/wiki/wikiPages'
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

export interface WikiSummary {
  readonly slug: string
  readonly title: string
  readonly kind: WikiPage['kind']
}

/**
 * The compiled pages under the home's `nexus/wiki/`: one per person, project and tool named in
 * approved facts and Nexus decisions. A rebuild writes every page into a fresh folder and swaps
 * it in with two renames, so a reader (Obsidian, the index) never sees half a wiki.
 */
export class WikiService {
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly deps: WikiDeps) {
    deps.events.subscribe((...[event]) => {
      if (CHANGES.has(event)) this.schedule()
    })
  }

  get dir(): string {
    return join(this.deps.paths.nexus, 'wiki')
  }

  /** Compiles every page from the sources now; returns the pages written. */
  rebuild(): WikiPage[] {
    const pages = compileWiki(this.sources())
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

  /** The pages on disk, index first. */
  list(): WikiSummary[] {
    if (!existsSync(this.dir)) return []
    return readdirSync(this.dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => summaryOf(name.slice(0, -3), readFileSync(join(this.dir, name), 'utf8')))
      .sort(
        (a, b) => Number(b.slug === 'index') - Number(a.slug === 'index') || a.title.localeCompare(b.title)
      )
  }

  /** One page's markdown, or null when there is no such page. */
  page(slug: string): string | null {
    if (!/^[\p{L}\p{N}-]+$/u.test(slug)) return null
    const file = join(this.dir, `${slug}.md`)
    return existsSync(file) ? readFileSync(file, 'utf8') : null
  }

  private sources(): WikiSource[] {
    const facts = all(this.deps.facts).map((record) => ({
      kind: 'fact' as const,
      key: record.key,
      by: record.agentId === null ? 'the user' : this.deps.agentName(record.agentId),
      ts: record.ts,
      text: record.text
    }))
    const decisions = all(this.deps.nexus)
      .filter((record) => record.title.startsWith('decision #'))
      .map((record) => ({
        kind: 'decision' as const,
        key: record.key,
        by: /by (.+)$/.exec(record.title)?.[1] ?? 'an agent',
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

function summaryOf(slug: string, markdown: string): WikiSummary {
  const title = /^title: (.+)$/m.exec(markdown)?.[1]
  const kind = /^kind: (person|project|tool)$/m.exec(markdown)?.[1]
  let parsed = slug
  try {
    parsed = title ? (JSON.parse(title) as string) : slug
  } catch {
    parsed = title ?? slug // a page edited by hand: its raw title line
  }
  return { slug, title: parsed, kind: (kind as WikiSummary['kind'] | undefined) ?? null }
}
