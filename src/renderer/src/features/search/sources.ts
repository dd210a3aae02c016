import type { AgentId, KnowledgeHit, KnowledgeKind } from '../../../../shared/contract'
import type { SectionId } from '../../app/sectionIds'

/** The store's actions a source opens with (named here, not imported: the store names this file's types). */
export interface SourceNavigator {
  readonly navigate: (section: SectionId) => void
  readonly setMemoriesQuery: (query: string) => Promise<void>
  readonly openMemoryFile: (slug: string, forgotten: boolean) => Promise<unknown>
  readonly showFileKind: (kind: 'memory' | 'user') => void
  readonly setNexusView: (view: 'timeline') => void
  readonly setNexusFilter: (patch: { agent: ''; type: ''; search: '' }) => void
  readonly selectSkill: (selection: { kind: 'skill'; path: string }) => void
  readonly openWikiPage: (slug: string) => Promise<void>
}

/** The item a search hit opened, which its screen highlights and scrolls to until the user moves on. */
export type SourceFocus =
  | { readonly kind: 'fact'; readonly id: number }
  | { readonly kind: 'nexus'; readonly seq: number }
  | { readonly kind: 'project-state' }
  | { readonly kind: 'memory-file'; readonly slug: string }

/** Where a knowledge hit lives in the app, and how to get there. */
export interface HitSource {
  /** The agent to select first (its Memories or Files); null for what everyone shares. */
  readonly agentId: AgentId | null
  readonly focus: SourceFocus | null
  readonly open: (state: SourceNavigator) => Promise<unknown> | void
}

/** One line per kind, for the switcher's group headings (in the order they are listed). */
export const KIND_LABELS: Readonly<Record<KnowledgeKind, string>> = {
  message: 'Messages',
  fact: 'Facts',
  nexus: 'Nexus',
  memory_entry: 'MEMORY.md',
  user_entry: 'USER.md',
  memory_file: 'Memory files',
  project_state: 'Project state',
  skill: 'Skills',
  wiki: 'Wiki pages'
}

/** Hits grouped by kind, groups in `KIND_LABELS` order, each keeping the search's ranking. */
export function groupByKind(hits: readonly KnowledgeHit[]): { kind: KnowledgeKind; hits: KnowledgeHit[] }[] {
  const groups = new Map<KnowledgeKind, KnowledgeHit[]>()
  for (const hit of hits) groups.set(hit.kind, [...(groups.get(hit.kind) ?? []), hit])
  return (Object.keys(KIND_LABELS) as KnowledgeKind[]).flatMap((kind) => {
    const found = groups.get(kind)
    return found ? [{ kind, hits: found }] : []
  })
}

/** A memory file's name in its folder, without ".md": `agents/x/memories/plan.md` → `plan`. */
export function memoryFileSlug(path: string | null): string | null {
  const name = path?.split('/').pop()
  return name?.endsWith('.md') ? name.slice(0, -3) : null
}

/**
 * Where each kind opens: a fact in Memories, MEMORY.md and USER.md in Files, a memory file in
 * Memories' editor, a Nexus entry in the timeline, the project state beside it, a skill's SKILL.md
 * in Skills, a wiki page in Wiki. Null when the hit lacks what its screen needs (a fact of no
 * agent, a path outside its folder): the switcher then shows where it is.
 */
export function sourceOf(hit: KnowledgeHit): HitSource | null {
  switch (hit.kind) {
    case 'fact': {
      const id = Number(hit.id)
      if (!Number.isInteger(id) || hit.agentId === null) return null
      return factSource(hit.agentId, id)
    }
    case 'memory_file': {
      const slug = memoryFileSlug(hit.path)
      if (slug === null || hit.agentId === null) return null
      return memoryFileSource(hit.agentId, slug)
    }
    case 'memory_entry':
    case 'user_entry':
      return {
        agentId: hit.kind === 'memory_entry' ? hit.agentId : null,
        focus: null,
        open: (state) => {
          state.showFileKind(hit.kind === 'memory_entry' ? 'memory' : 'user')
          state.navigate('files')
        }
      }
    case 'nexus':
      if (hit.seq === null) return null
      return nexusEntrySource(hit.seq)
    case 'project_state':
      return { agentId: null, focus: { kind: 'project-state' }, open: openNexusTimeline }
    case 'skill': {
      const path = skillPathOf(hit.path)
      return path === null ? null : skillSource(path)
    }
    case 'wiki': {
      const slug = wikiSlugOf(hit.path)
      return slug === null ? null : wikiPageSource(slug)
    }
    default:
      return null
  }
}

/** A wiki page's slug from its path in the home: `nexus/wiki/ada-lovelace.md` → `ada-lovelace`. */
export function wikiSlugOf(path: string | null): string | null {
  const match = /^nexus\/wiki\/([\p{L}\p{N}-]+)\.md$/u.exec(path ?? '')
  return match?.[1] ?? null
}

/** A compiled wiki page, open in Wiki. */
export function wikiPageSource(slug: string): HitSource {
  return {
    agentId: null,
    focus: null,
    open: async (state) => {
      state.navigate('wiki')
      await state.openWikiPage(slug)
    }
  }
}

/** A skill's path inside the skills folder, from its path in the home: `skills/x/SKILL.md` → `x/SKILL.md`. */
export function skillPathOf(path: string | null): string | null {
  return path?.startsWith('skills/') && path.endsWith('/SKILL.md') ? path.slice('skills/'.length) : null
}

/** A skill's SKILL.md, open in the Skills screen (for the agent already selected). */
export function skillSource(path: string): HitSource {
  return {
    agentId: null,
    focus: null,
    open: (state) => {
      state.selectSkill({ kind: 'skill', path })
      state.navigate('skills')
    }
  }
}

/** An approved fact, highlighted in its agent's Memories. */
export function factSource(agentId: AgentId, id: number): HitSource {
  return {
    agentId,
    focus: { kind: 'fact', id },
    open: async (state) => {
      state.navigate('memories')
      await state.setMemoriesQuery('')
    }
  }
}

/** A memory file, open in Memories' editor. */
export function memoryFileSource(agentId: AgentId, slug: string): HitSource {
  return {
    agentId,
    focus: { kind: 'memory-file', slug },
    open: async (state) => {
      state.navigate('memories')
      await state.openMemoryFile(slug, false)
    }
  }
}

/** One Nexus entry, highlighted in the timeline. */
export function nexusEntrySource(seq: number): HitSource {
  return { agentId: null, focus: { kind: 'nexus', seq }, open: openNexusTimeline }
}

/** The Nexus timeline, unfiltered, so the entry sought is among those loaded. */
function openNexusTimeline(state: SourceNavigator): void {
  state.setNexusView('timeline')
  state.setNexusFilter({ agent: '', type: '', search: '' })
  state.navigate('nexus')
}
