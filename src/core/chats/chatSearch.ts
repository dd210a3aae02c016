import type { ChatSearchHit } from '../../shared/contract/chats'
import type { SessionSearch } from '../chat/store/sessionSearch'
import type { ChatLibraryRepository } from '../chat/store/chatLibraryRepository'
import type { AgentId } from '../../shared/contract'

/** What marks a matched word in an FTS snippet here: control characters, split out before anything is shown. */
const MARK_START = '\u0002'
const MARK_END = '\u0003'

/** Message hits read per chat asked for, so a chat with many matches does not crowd out the others. */
const MESSAGE_HITS_PER_CHAT = 4

export interface ChatSearchDeps {
  readonly library: ChatLibraryRepository
  readonly search: SessionSearch
  readonly agentNames: ReadonlyMap<AgentId, string>
}

/**
 * Chats of every agent (or one) matching a query, one hit per chat: chats whose title (or
 * agent's name) has every word first (newest first), then chats by their best message match, as the full-text index
 * ranks them. Chats in the trash are never found.
 */
export function searchChats(
  deps: ChatSearchDeps,
  query: string,
  options: { agentId?: AgentId; limit: number }
): ChatSearchHit[] {
  const words = query.match(/[\p{L}\p{N}_]+/gu) ?? []
  const hits = new Map<string, ChatSearchHit>()
  const name = (agentId: AgentId): string => deps.agentNames.get(agentId) ?? agentId
  const byName = words.map((word) => agentsNamed(deps.agentNames, word))
  for (const match of deps.library.titleMatches(words, options, byName)) {
    hits.set(match.sessionId, {
      sessionId: match.sessionId,
      agentId: match.agentId,
      agentName: name(match.agentId),
      title: match.title,
      messageId: null,
      role: null,
      snippet: markWords(match.title, words),
      atMs: match.updatedAtMs
    })
  }
  const messageHits = deps.search.search(query, {
    ...(options.agentId ? { agentId: options.agentId } : {}),
    limit: options.limit * MESSAGE_HITS_PER_CHAT,
    marks: [MARK_START, MARK_END]
  })
  for (const hit of messageHits) {
    if (hits.size >= options.limit) break
    const titled = hits.get(hit.sessionId)
    if (titled && titled.messageId !== null) continue
    hits.set(hit.sessionId, {
      sessionId: hit.sessionId,
      agentId: hit.agentId,
      agentName: name(hit.agentId),
      title: hit.title,
      messageId: hit.messageId,
      role: hit.role,
      snippet: snippetParts(hit.snippet),
      atMs: hit.createdAtMs
    })
  }
  return [...hits.values()].slice(0, options.limit)
}

/** The agents whose name contains `word` (any case). */
function agentsNamed(names: ReadonlyMap<AgentId, string>, word: string): AgentId[] {
  const needle = word.toLowerCase()
  return [...names].filter(([, name]) => name.toLowerCase().includes(needle)).map(([id]) => id)
}

/** An FTS snippet cut at its marks into plain and matched runs (empty runs dropped). */
export function snippetParts(snippet: string): ChatSearchHit['snippet'] {
  const parts: { text: string; hit: boolean }[] = []
  for (const piece of snippet.split(MARK_START)) {
    const end = piece.indexOf(MARK_END)
    if (end === -1) parts.push({ text: piece, hit: false })
    else parts.push({ text: piece.slice(0, end), hit: true }, { text: piece.slice(end + 1), hit: false })
  }
  return parts.filter((part) => part.text !== '')
}

/** A title with each occurrence of the query's words marked (case-insensitive). */
export function markWords(text: string, words: readonly string[]): ChatSearchHit['snippet'] {
  if (words.length === 0) return [{ text, hit: false }]
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const pattern = new RegExp(`(${escaped.join('|')})`, 'iu')
  // Splitting on a capturing group puts the matches at the odd indexes.
  return text
    .split(pattern)
    .map((part, i) => ({ text: part, hit: i % 2 === 1 }))
    .filter((part) => part.text !== '')
}
