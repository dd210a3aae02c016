import type { AgentId } from '../../../shared/contract'
import { capitalisedWords, namesIn, type EntityKind } from './entityNames'

/** An approved fact or a Nexus decision, as a page cites it. */
export interface WikiSource {
  readonly kind: 'fact' | 'decision'
  /** The fact id or the Nexus sequence number. */
  readonly key: number
  /** Whose fact, or who decided (an agent's name). */
  readonly by: string
  /** The fact's agent (null for the user's own); null for a decision. */
  readonly agentId: AgentId | null
  readonly ts: number
  readonly text: string
}

export interface WikiPage {
  readonly slug: string
  readonly title: string
  readonly kind: EntityKind | null
  /** File name under the wiki folder: `<slug>.md`. */
  readonly file: string
  readonly markdown: string
  /** The facts and decisions the page cites, oldest first (none for the index). */
  readonly sources: readonly WikiSource[]
  /** The pages it links to, by title (for the index: every page). */
  readonly links: readonly WikiLink[]
}

export interface WikiLink {
  readonly slug: string
  readonly title: string
}

/** A name needs this many sources unless its words say what it is (a person, project or tool). */
const MIN_SOURCES_UNCLASSIFIED = 2

interface Entity {
  title: string
  kind: EntityKind | null
  sources: WikiSource[]
}

/** A file-safe name for a page: letters, digits and dashes, lower-cased. */
export function wikiSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
  return slug === '' ? 'page' : slug
}

/**
 * One page per person, project and tool named in the sources, listing the facts and decisions
 * that mention it (each citing its source), linked to the pages named beside it — both ways, as
 * naming together is mutual — and an index page of them all. Pure: the same sources give the
 * same pages, byte for byte.
 */
export function compileWiki(sources: readonly WikiSource[]): WikiPage[] {
  const entities = collect(sources)
  const kept = [...entities.values()].filter(
    (e) => e.kind !== null || e.sources.length >= MIN_SOURCES_UNCLASSIFIED
  )
  const byTitle = new Map(kept.map((e) => [e.title.toLowerCase(), e]))
  const slugs = uniqueSlugs(kept.map((e) => e.title).sort((a, b) => a.localeCompare(b)))
  const pages = kept
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((entity) => page(entity, related(entity, byTitle), slugs))
  return [...pages, indexPage(pages)]
}

function collect(sources: readonly WikiSource[]): Map<string, Entity> {
  const elsewhere = capitalisedWords(sources.map((s) => s.text))
  const entities = new Map<string, Entity>()
  for (const source of sources)
    for (const mention of namesIn(source.text, elsewhere)) {
      const key = mention.name.toLowerCase()
      const entity = entities.get(key) ?? { title: mention.name, kind: null, sources: [] }
      entity.kind ??= mention.kind
      if (!entity.sources.includes(source)) entity.sources.push(source)
      entities.set(key, entity)
    }
  return entities
}

/** The other pages named in the same fact or decision as this one: the relation is mutual. */
function related(entity: Entity, byTitle: ReadonlyMap<string, Entity>): string[] {
  const names = new Set<string>()
  for (const other of byTitle.values())
    if (other !== entity && other.sources.some((s) => entity.sources.includes(s))) names.add(other.title)
  return [...names].sort((a, b) => a.localeCompare(b))
}

const KIND_LABEL: Record<EntityKind, string> = { person: 'Person', project: 'Project', tool: 'Tool' }

/** Each title's slug; a second title with the same slug gets `-2`, and so on ("index" is taken). */
function uniqueSlugs(titles: readonly string[]): Map<string, string> {
  const used = new Set(['index'])
  const out = new Map<string, string>()
  for (const title of titles) {
    const base = wikiSlug(title)
    let slug = base
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`
    used.add(slug)
    out.set(title, slug)
  }
  return out
}

function page(entity: Entity, links: readonly string[], slugs: ReadonlyMap<string, string>): WikiPage {
  const slug = slugs.get(entity.title) ?? wikiSlug(entity.title)
  const facts = entity.sources.filter((s) => s.kind === 'fact').sort(byTime)
  const decisions = entity.sources.filter((s) => s.kind === 'decision').sort(byTime)
  const linked = links.map((title) => ({ slug: slugs.get(title) ?? wikiSlug(title), title }))
  const lines = [
    '---',
    `title: ${yamlString(entity.title)}`,
    `kind: ${entity.kind ?? 'other'}`,
    'generated: hearth',
    '---',
    '',
    `# ${entity.title}`,
    '',
    `${entity.kind ? KIND_LABEL[entity.kind] : 'Named'} in ${count(facts.length, 'approved fact')} and ${count(decisions.length, 'decision')}. Compiled by Hearth from approved facts and Nexus decisions; edits here are replaced when they change.`,
    ''
  ]
  if (facts.length > 0) lines.push('## Facts', '', ...facts.map(factLine), '')
  if (decisions.length > 0) lines.push('## Decisions', '', ...decisions.map(decisionLine), '')
  lines.push(
    '## Linked pages',
    '',
    ...(linked.length > 0 ? linked.map((l) => `- [[${l.slug}|${l.title}]]`) : ['- none yet']),
    ''
  )
  lines.push('[[index|All pages]]', '')
  return {
    slug,
    title: entity.title,
    kind: entity.kind,
    file: `${slug}.md`,
    markdown: lines.join('\n'),
    sources: [...facts, ...decisions],
    links: linked
  }
}

function indexPage(pages: readonly WikiPage[]): WikiPage {
  const lines = ['---', 'title: Wiki', 'generated: hearth', '---', '', '# Wiki', '']
  lines.push(
    pages.length === 0
      ? 'No person, project or tool is named in an approved fact or a decision yet.'
      : `${count(pages.length, 'page')}, one per person, project and tool named in approved facts and Nexus decisions.`,
    ''
  )
  for (const kind of [...(Object.keys(KIND_LABEL) as EntityKind[]), null]) {
    const some = pages.filter((p) => p.kind === kind)
    if (some.length === 0) continue
    lines.push(
      `## ${kind ? `${KIND_LABEL[kind]}s` : 'Other names'}`,
      '',
      ...some.map((p) => `- [[${p.slug}|${p.title}]]`),
      ''
    )
  }
  return {
    slug: 'index',
    title: 'Wiki',
    kind: null,
    file: 'index.md',
    markdown: lines.join('\n'),
    sources: [],
    links: pages.map((p) => ({ slug: p.slug, title: p.title }))
  }
}

function factLine(source: WikiSource): string {
  return `- ${oneLine(source.text)} — fact ${source.key} · ${source.by} · ${day(source.ts)}`
}

/** A decision links to the Nexus's decision log beside the wiki folder. */
function decisionLine(source: WikiSource): string {
  return `- ${oneLine(source.text)} — [decision #${source.key}](../decisions.md) · ${source.by} · ${day(source.ts)}`
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function byTime(a: WikiSource, b: WikiSource): number {
  return a.ts - b.ts || a.key - b.key
}

function day(ts: number): string {
  return new Date(ts).toISOString().slice(0, 10)
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

function yamlString(text: string): string {
  return JSON.stringify(text)
}
