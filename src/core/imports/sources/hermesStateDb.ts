import type Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import type { ContentBlock } from '../../chat/chatTypes'
import type { ImportedMessage } from '../../chat/store/importedSessions'
import { titleOf } from '../exportFile'
import { openForeignDatabase } from '../sourceText'
import { type ConversationNode, type SourceEvent } from '../importTypes'

type Row = Record<string, unknown>

/**
 * Hermes's `state.db` (its `hermes_state` schema): `sessions` (id, title, model, `started_at` in
 * REAL seconds) and `messages` (role, content, `tool_calls` as OpenAI-style JSON, `tool_call_id`,
 * `timestamp` REAL seconds). Read-only; only columns that exist are asked for, since the schema
 * grew over versions. Messages Hermes no longer shows (compacted away, `active = 0` and not
 * `compacted`) stay out, as do system rows.
 */
export function* hermesSessions(file: string, label: string): Generator<SourceEvent> {
  if (!existsSync(file)) return
  const db = openForeignDatabase(file, label, 'sessions', 'a Hermes session database')
  try {
    const messageColumns = columns(db, 'messages')
    const shown = messageColumns.has('active')
      ? messageColumns.has('compacted')
        ? 'AND (active = 1 OR compacted = 1)'
        : 'AND active = 1'
      : ''
    const messages = db.prepare(`SELECT * FROM messages WHERE session_id = ? ${shown} ORDER BY timestamp, id`)
    const sessions = db
      .prepare('SELECT * FROM sessions ORDER BY started_at, id')
      .iterate() as IterableIterator<Row>
    for (const session of sessions) {
      const id = String(session.id)
      const rows = messages.all(id) as Row[]
      yield* oneSession(session, rows, `${label} session ${id}`)
    }
  } finally {
    db.close()
  }
}

function columns(db: Database.Database, table: string): Set<string> {
  return new Set(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[])
}

function* oneSession(session: Row, rows: readonly Row[], ref: string): Generator<SourceEvent> {
  const startedMs = secondsToMs(session.started_at)
  const nodes: ConversationNode[] = []
  let system = 0
  for (const row of rows) {
    const message = toMessage(row, startedMs)
    if (message === null) {
      if (row.role === 'system') system += 1
      continue
    }
    nodes.push({ id: String(row.id), parent: nodes.at(-1)?.id ?? null, message })
  }
  if (nodes.length === 0) {
    yield { kind: 'skip', itemKind: 'session', ref, reason: 'no user or assistant messages' }
    return
  }
  if (system > 0)
    yield {
      kind: 'skip',
      itemKind: 'message',
      ref,
      reason: `${system} system message(s): Hermes's own prompt text`
    }
  const first = nodes.find((n) => n.message.role === 'user' && n.message.kind === 'text')?.message.content[0]
  yield {
    kind: 'session',
    conversationId: String(session.id),
    title: titleOf(session.title, first?.type === 'text' ? first.text : undefined),
    model: typeof session.model === 'string' && session.model !== '' ? session.model : 'hermes',
    startedAtMs: startedMs,
    updatedAtMs: Math.max(startedMs, secondsToMs(session.ended_at), nodes.at(-1)?.message.createdAtMs ?? 0),
    nodes,
    shownLeaf: nodes.at(-1)?.id ?? null,
    ref
  }
}

function secondsToMs(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 1000) : 0
}

/** A Hermes message as Hearth stores one: user text, an assistant reply with its tool calls, or a tool result. */
function toMessage(row: Row, fallbackMs: number): ImportedMessage | null {
  const at = secondsToMs(row.timestamp) || fallbackMs
  const text = typeof row.content === 'string' ? row.content : ''
  switch (row.role) {
    case 'user':
      return text.trim() === ''
        ? null
        : { role: 'user', kind: 'text', content: [{ type: 'text', text }], createdAtMs: at }
    case 'assistant': {
      const content: ContentBlock[] = [
        ...(text.trim() === '' ? [] : [{ type: 'text' as const, text }]),
        ...toolUses(row.tool_calls)
      ]
      return content.length === 0 ? null : { role: 'assistant', kind: 'reply', content, createdAtMs: at }
    }
    case 'tool':
      return {
        role: 'user',
        kind: 'tool_results',
        content: [{ type: 'tool_result', tool_use_id: String(row.tool_call_id ?? 'unknown'), content: text }],
        createdAtMs: at
      }
    default:
      return null
  }
}

/** OpenAI-style `[{id, function: {name, arguments}}]`, arguments a JSON string (kept as text when it is not JSON). */
function toolUses(raw: unknown): ContentBlock[] {
  if (typeof raw !== 'string' || raw.trim() === '') return []
  let calls: unknown
  try {
    calls = JSON.parse(raw)
  } catch {
    return []
  }
  if (!Array.isArray(calls)) return []
  return calls.flatMap((call: Record<string, unknown>, index) => {
    const fn = (call.function ?? {}) as Record<string, unknown>
    if (typeof fn.name !== 'string') return []
    return [
      {
        type: 'tool_use' as const,
        id: String(call.id ?? `call_${index}`),
        name: fn.name,
        input: parseArguments(fn.arguments)
      }
    ]
  })
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {}
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return { arguments: raw }
  }
}
