import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as zlib from 'node:zlib'
import type { ContentBlock } from '../../chat/chatTypes'
import type { ImportedMessage } from '../../chat/store/importedSessions'
import { timeMs, titleOf } from '../exportFile'
import { openForeignDatabase } from '../sourceText'
import { ImportFileError, type ConversationNode, type SourceEvent } from '../importTypes'
import { foreignIds } from './partProgress'

type Event = Record<string, unknown>

/**
 * An OpenClaw agent's transcripts: the events of each session, from its database
 * (`agent/openclaw-agent.sqlite`, table `transcript_events`) and from the older layout, one JSON
 * event per line in `sessions/<id>.jsonl`. A session in both is read from the database.
 */
/** How many sessions `openclawTranscripts` will read: the database's, and the older files not in it. */
export function openclawSessionCount(agentDir: string): number {
  const inDatabase = new Set(
    foreignIds(
      join(agentDir, 'agent', 'openclaw-agent.sqlite'),
      'openclaw-agent.sqlite',
      'transcript_events',
      'session_id',
      'an OpenClaw agent database'
    )
  )
  return (
    inDatabase.size + jsonlFiles(agentDir).filter((n) => !inDatabase.has(n.replace(/\.jsonl$/, ''))).length
  )
}

function jsonlFiles(agentDir: string): string[] {
  const sessions = join(agentDir, 'sessions')
  return existsSync(sessions)
    ? readdirSync(sessions)
        .filter((n) => n.endsWith('.jsonl'))
        .sort()
    : []
}

export function* openclawTranscripts(agentDir: string, label: string): Generator<SourceEvent> {
  const seen = new Set<string>()
  const dbFile = join(agentDir, 'agent', 'openclaw-agent.sqlite')
  if (existsSync(dbFile)) yield* fromDatabase(dbFile, `${label}/agent/openclaw-agent.sqlite`, seen)
  const sessions = join(agentDir, 'sessions')
  for (const name of jsonlFiles(agentDir)) {
    const id = name.replace(/\.jsonl$/, '')
    if (seen.has(id)) continue
    const ref = `${label}/sessions/${name}`
    yield* session(id, jsonLines(readFileSync(join(sessions, name), 'utf8'), ref), ref, 0)
  }
}

function jsonLines(text: string, ref: string): Event[] {
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return []
    try {
      return [JSON.parse(line) as Event]
    } catch (error) {
      throw new ImportFileError(
        ref,
        index + 1,
        `${ref} line ${index + 1} is not JSON: ${(error as Error).message}`
      )
    }
  })
}

function* fromDatabase(file: string, ref: string, seen: Set<string>): Generator<SourceEvent> {
  const db = openForeignDatabase(file, ref, 'transcript_events', 'an OpenClaw agent database')
  try {
    const ids = db
      .prepare('SELECT DISTINCT session_id FROM transcript_events ORDER BY session_id')
      .pluck()
      .all() as string[]
    const rows = db.prepare(
      'SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq'
    )
    for (const id of ids) {
      seen.add(id)
      let compressed = 0
      const events = (
        rows.all(id) as { seq: number; event_json: string | null; event_zstd: Buffer | null }[]
      ).flatMap((row) => {
        const text = row.event_json ?? unzstd(row.event_zstd)
        if (text === null) compressed += 1
        return text === null ? [] : [JSON.parse(text) as Event]
      })
      yield* session(id, events, `${ref} session ${id}`, compressed)
    }
  } finally {
    db.close()
  }
}

/** Large events are stored zstd-compressed; Node reads zstd from 22.15 on, older Node cannot. */
function unzstd(bytes: Buffer | null): string | null {
  const decompress = (zlib as { zstdDecompressSync?: (b: Buffer) => Buffer }).zstdDecompressSync
  if (bytes === null || decompress === undefined) return null
  return decompress(bytes).toString('utf8')
}

function* session(
  id: string,
  events: readonly Event[],
  ref: string,
  compressed: number
): Generator<SourceEvent> {
  const header = events.find((e) => e.type === 'session')
  const started = timeMs(header?.timestamp, 0)
  const nodes: ConversationNode[] = []
  let model = 'openclaw'
  for (const event of events) {
    if (event.type !== 'message' || typeof event.message !== 'object' || event.message === null) continue
    const raw = event.message as Event
    if (typeof raw.model === 'string') model = raw.model
    const message = toMessage(raw, timeMs(event.timestamp, started))
    if (message === null) continue
    nodes.push({ id: String(event.id ?? nodes.length), parent: nodes.at(-1)?.id ?? null, message })
  }
  if (compressed > 0)
    yield {
      kind: 'skip',
      itemKind: 'message',
      ref,
      reason: `${compressed} event(s) stored zstd-compressed, which this Node cannot read (tool results, mostly)`
    }
  if (nodes.length === 0) {
    yield { kind: 'skip', itemKind: 'session', ref, reason: 'no messages' }
    return
  }
  const first = nodes.find((n) => n.message.kind === 'text')?.message.content[0]
  yield {
    kind: 'session',
    conversationId: id,
    title: titleOf(null, first?.type === 'text' ? first.text : undefined),
    model,
    startedAtMs: started || (nodes[0]?.message.createdAtMs ?? 0),
    updatedAtMs: nodes.at(-1)?.message.createdAtMs ?? started,
    nodes,
    shownLeaf: nodes.at(-1)?.id ?? null,
    ref
  }
}

/** OpenClaw's message shapes: user text, assistant text and `toolCall` blocks, `toolResult` messages. */
function toMessage(raw: Event, at: number): ImportedMessage | null {
  const blocks = Array.isArray(raw.content) ? (raw.content as Event[]) : []
  const text =
    typeof raw.content === 'string'
      ? raw.content
      : blocks.flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : [])).join('\n\n')
  switch (raw.role) {
    case 'user':
      return text.trim() === ''
        ? null
        : { role: 'user', kind: 'text', content: [{ type: 'text', text }], createdAtMs: at }
    case 'assistant': {
      const content: ContentBlock[] = [
        ...(text.trim() === '' ? [] : [{ type: 'text' as const, text }]),
        ...blocks.flatMap((b) =>
          b.type === 'toolCall' && typeof b.name === 'string'
            ? [
                {
                  type: 'tool_use' as const,
                  id: String(b.id ?? 'call'),
                  name: b.name,
                  input: b.arguments ?? {}
                }
              ]
            : []
        )
      ]
      return content.length === 0 ? null : { role: 'assistant', kind: 'reply', content, createdAtMs: at }
    }
    case 'toolResult':
      return {
        role: 'user',
        kind: 'tool_results',
        content: [
          {
            type: 'tool_result',
            tool_use_id: String(raw.toolCallId ?? 'call'),
            content: text,
            ...(raw.isError === true ? { is_error: true } : {})
          }
        ],
        createdAtMs: at
      }
    default:
      return null
  }
}
