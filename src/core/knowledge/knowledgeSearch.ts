import {
  KNOWLEDGE_QUERY_MAX,
  KnowledgeKind,
  type KnowledgeHit,
  type KnowledgeMethod
} from '../../shared/contract/knowledge'
import type { AgentId, MessageId, SessionId } from '../../shared/contract'
import type { Statement } from 'better-sqlite3'
import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'
import { EXACT_PHRASE_BONUS, fuse, methodOf, type RankedList } from './fusion'
import type { LexicalSearch } from './lexicalSearch'
import { inScope, type SearchScope } from './searchScope'
import { fold, hitPattern, snippetParts, snippetText } from './snippet'
import { isMarkdownKind, plainMarkdown } from './plainMarkdown'
import type { VectorIndex } from './vectors/vectorIndex'

/** How deep each list is read before fusion. */
const LIST_DEPTH = 50

export interface SearchRequest extends SearchScope {
  readonly text: string
  readonly limit: number
  /** False: hits carry no snippet (empty `parts`), for callers that use the whole text. */
  readonly snippets?: boolean
}

/** A hit with its piece's whole text, for callers inside the core (recall hands it to the model). */
export type IndexedHit = KnowledgeHit & { readonly text: string }

export interface SearchOutcome {
  readonly hits: IndexedHit[]
  readonly notes: string[]
}

interface Row {
  id: number
  kind: KnowledgeKind
  ref: string
  chunk: number
  audience: string
  agentId: AgentId | null
  sessionId: SessionId | null
  messageId: MessageId | null
  nexusId: string | null
  seq: number | null
  path: string | null
  ts: number
  title: string
  text: string
}

/** The query as searched: cut at the limit, with a note saying so. */
export function boundedQuery(text: string): { text: string; note: string | null } {
  if (text.length <= KNOWLEDGE_QUERY_MAX) return { text, note: null }
  return {
    text: text.slice(0, KNOWLEDGE_QUERY_MAX),
    note: `The query was ${text.length} characters; only its first ${KNOWLEDGE_QUERY_MAX} were searched.`
  }
}

/**
 * One search: words (BM25 and parts of words) and, when a query vector is given, meaning,
 * fused by reciprocal rank; then the privacy rule, chats in the trash left out, an item holding
 * the whole query verbatim first, and the newer first among equals.
 */
export class KnowledgeSearch {
  private readonly itemStatement = new Map<number, Statement<unknown[]>>()

  constructor(
    private readonly db: Db,
    private readonly lexical: LexicalSearch,
    private readonly vectors: VectorIndex,
    private readonly trashedSessions: () => ReadonlySet<SessionId>
  ) {}

  run(request: SearchRequest, queryVector: Float32Array | null): SearchOutcome {
    const notes: string[] = []
    const bounded = boundedQuery(request.text)
    if (bounded.note) notes.push(bounded.note)
    const scope: SearchScope = {
      ...(request.agentId !== undefined ? { agentId: request.agentId } : {}),
      ...(request.publicOnly === true ? { publicOnly: true } : {}),
      ...(request.kinds ? { kinds: request.kinds } : {})
    }
    const lexical = this.lexical.search(bounded.text, scope, LIST_DEPTH)
    const lists: RankedList[] = [
      { ids: lexical.words, weight: 1, method: 'bm25' },
      { ids: lexical.partial, weight: 0.5, method: 'bm25' }
    ]
    if (queryVector) {
      lists.push({
        ids: this.vectors.search(queryVector, LIST_DEPTH, scope).map((hit) => hit.id),
        weight: 1,
        method: 'vector'
      })
    }
    if (lexical.terms.length === 0 && lexical.partialWords.length === 0 && !queryVector)
      notes.push('The query has no word to search for.')
    if (lexical.newestOnly !== null)
      notes.push(
        `Every word searched for is in many items (“${lexical.newestOnly.word}” in ${itemCount(lexical.newestOnly)}), so by words only the newest of them were ranked; add a rarer word to search them all.`
      )
    const fused = fuse(lists)
    const rows = this.rows([...fused.keys()])
    const trashed = this.trashedSessions()
    const phrase = fold(bounded.text).replace(/\s+/g, ' ').trim()
    const pattern =
      request.snippets === false
        ? NO_SNIPPET
        : hitPattern(
            lexical.terms.flatMap((term) => [term.word, term.stem]),
            lexical.partialWords
          )
    const ranked = rows
      .filter((row) => inScope(scope, row) && (row.sessionId === null || !trashed.has(row.sessionId)))
      .map((row) => {
        const entry = fused.get(row.id)
        // Folding keeps the length and collapsing spaces only shortens: a shorter text cannot hold the phrase.
        const exact =
          phrase.length >= 3 &&
          row.text.length >= phrase.length &&
          fold(row.text).replace(/\s+/g, ' ').includes(phrase)
        return {
          row,
          score: (entry?.score ?? 0) + (exact ? EXACT_PHRASE_BONUS : 0),
          method: entry ? methodOf(entry) : 'bm25'
        }
      })
      .sort((a, b) => b.score - a.score || b.row.ts - a.row.ts)
      .slice(0, request.limit)
    return { hits: ranked.map(({ row, score, method }) => toHit(row, score, method, pattern)), notes }
  }

  private rows(ids: readonly number[]): Row[] {
    if (ids.length === 0) return []
    const statement = this.statementFor(ids.length)
    return readRows(statement.all(...ids), 'knowledge_items', toRow)
  }

  private statementFor(count: number): Statement<unknown[]> {
    let statement = this.itemStatement.get(count)
    if (!statement) {
      statement = this.db.prepare(
        `SELECT id, kind, ref, chunk, audience, agent_id, session_id, message_id, nexus_id, seq, path, ts, title, text
           FROM knowledge_items WHERE id IN (${Array.from({ length: count }, () => '?').join(', ')})`
      )
      this.itemStatement.set(count, statement)
    }
    return statement
  }
}

function toRow(row: RowReader): Row {
  return {
    id: row.int('id'),
    kind: row.oneOf('kind', KnowledgeKind.options),
    ref: row.text('ref'),
    chunk: row.int('chunk'),
    audience: row.text('audience'),
    agentId: row.textOrNull('agent_id') === null ? null : row.agentId('agent_id'),
    sessionId: row.sessionIdOrNull('session_id'),
    messageId: row.messageIdOrNull('message_id'),
    nexusId: row.textOrNull('nexus_id'),
    seq: row.intOrNull('seq'),
    path: row.textOrNull('path'),
    ts: row.int('ts'),
    title: row.text('title'),
    text: row.text('text')
  }
}

/** Marks a search whose hits need no snippet. */
const NO_SNIPPET = Symbol('no snippet')

function toHit(
  row: Row,
  score: number,
  method: KnowledgeMethod,
  pattern: RegExp | null | typeof NO_SNIPPET
): IndexedHit {
  // A markdown file's snippet is read from its text as rendered: no `#`, `[[…]]` or front matter.
  const parts =
    pattern === NO_SNIPPET
      ? []
      : snippetParts(isMarkdownKind(row.kind) ? plainMarkdown(row.text) : row.text, pattern)
  return {
    kind: row.kind,
    id: row.nexusId ?? row.ref,
    agentId: row.agentId,
    sessionId: row.sessionId,
    messageId: row.messageId,
    nexusId: row.nexusId,
    seq: row.seq,
    path: row.path,
    chunk: row.chunk,
    ts: row.ts,
    title: row.title,
    snippet: snippetText(parts),
    parts,
    score: Number(score.toPrecision(4)),
    method,
    text: row.text
  }
}

/** "619", or "at least 10,830" where a common word's items were counted only that far. */
function itemCount(count: { items: number; estimated: boolean }): string {
  return `${count.estimated ? 'at least ' : ''}${count.items.toLocaleString('en')}`
}
