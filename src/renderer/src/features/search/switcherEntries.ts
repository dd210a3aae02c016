import type { AgentId, ChatSearchHit, KnowledgeHit, SessionSummary } from '../../../../shared/contract'
import type { EverythingResults } from './searchSlice'
import { groupByKind, KIND_LABELS, sourceOf } from './sources'

type SnippetParts = ChatSearchHit['snippet']

/** One row of the switcher: what it shows and what choosing it opens. */
export interface SwitcherEntry {
  /** Unique within the list; also the option's DOM id. */
  readonly key: string
  readonly title: string
  /** A short tag before the title ("Pinned"). */
  readonly badge: string | null
  readonly snippet: SnippetParts | null
  readonly meta: string
  readonly target:
    | { readonly kind: 'chat'; readonly hit: Pick<ChatSearchHit, 'agentId' | 'sessionId' | 'messageId'> }
    | { readonly kind: 'knowledge'; readonly hit: KnowledgeHit }
  /** False for a kind with no screen yet; `meta` then says where the file is. */
  readonly openable: boolean
}

export interface SwitcherGroup {
  readonly label: string
  readonly entries: readonly SwitcherEntry[]
}

const day = (ms: number): string => new Date(ms).toLocaleDateString()

/**
 * What the switcher lists: with no query, pinned and recent chats; with one, the chats the chat
 * list's search finds, then the knowledge hits grouped by kind. Results of an older query are
 * still shown while the new one runs (`stale`), so the list does not flicker empty.
 */
export function switcherGroups(
  query: string,
  recent: { readonly chats: readonly SessionSummary[]; readonly total: number },
  found: EverythingResults | null,
  name: (agentId: AgentId) => string
): { groups: SwitcherGroup[]; stale: boolean } {
  if (query.trim() === '')
    return {
      groups: [
        { label: recentLabel(recent.chats.length, recent.total), entries: recentEntries(recent.chats, name) }
      ],
      stale: false
    }
  if (found === null) return { groups: [], stale: true }
  const chats: SwitcherEntry[] = found.chats.map((hit) => ({
    key: `switcher-chat-${hit.sessionId}`,
    title: hit.title || 'Untitled',
    badge: null,
    snippet: hit.messageId !== null ? hit.snippet : null,
    meta: `${hit.agentName} · ${day(hit.atMs)}`,
    target: { kind: 'chat', hit },
    openable: true
  }))
  const knowledge = groupByKind(found.knowledge).map(({ kind, hits }) => ({
    label: KIND_LABELS[kind],
    entries: hits.map((hit, i) => knowledgeEntry(hit, i, name))
  }))
  return {
    groups: [...(chats.length > 0 ? [{ label: 'Chats', entries: chats }] : []), ...knowledge],
    stale: found.query.trim() !== query.trim()
  }
}

/** The recent chats' heading; when there are more chats than it lists, it says so and how to reach them. */
function recentLabel(shown: number, total: number): string {
  if (total <= shown) return 'Recent chats'
  return `Recent chats (${shown.toLocaleString()} of ${total.toLocaleString()}; type to search them all)`
}

function recentEntries(
  recent: readonly SessionSummary[],
  name: (agentId: AgentId) => string
): SwitcherEntry[] {
  const pinnedFirst = [...recent].sort(
    (a, b) => Number(b.pinnedAtMs !== null) - Number(a.pinnedAtMs !== null)
  )
  return pinnedFirst.map((chat) => ({
    key: `switcher-chat-${chat.id}`,
    title: chat.title || 'Untitled',
    badge: chat.pinnedAtMs !== null ? 'Pinned' : null,
    snippet: null,
    meta: `${name(chat.agentId)} · ${day(chat.updatedAtMs)}`,
    target: { kind: 'chat', hit: { agentId: chat.agentId, sessionId: chat.id, messageId: null } },
    openable: true
  }))
}

function knowledgeEntry(hit: KnowledgeHit, index: number, name: (agentId: AgentId) => string): SwitcherEntry {
  const openable = sourceOf(hit) !== null
  const whose = hit.agentId !== null ? `${name(hit.agentId)} · ` : ''
  const where = openable ? '' : ` · in ${hit.path ?? 'the home folder'} (not openable from here)`
  return {
    key: `switcher-${hit.kind}-${index}`,
    title: hit.kind === 'nexus' ? withAuthorName(hit.title, name) : hit.title,
    badge: null,
    snippet: hit.parts,
    meta: `${whose}${day(hit.ts)}${where}`,
    target: { kind: 'knowledge', hit },
    openable
  }
}

/**
 * A Nexus entry's title ("decision #12 by <author id>", as the index stores it) with the author's
 * display name: an agent of this home by its name, an outside writer (an MCP client) as it signed.
 */
function withAuthorName(title: string, name: (agentId: AgentId) => string): string {
  return title.replace(/ by (\S+)$/, (_match, author: string) => ` by ${name(author as AgentId)}`)
}

/** Every entry in list order, for the arrow keys. */
export function flatEntries(groups: readonly SwitcherGroup[]): SwitcherEntry[] {
  return groups.flatMap((group) => group.entries)
}
