import type {
  Fact,
  FactEvent,
  FactEventKind,
  FactStatus,
  FactType,
  Speaker,
  ToolWrite
} from '../../shared/contract/review'
import type { Db } from '../node/db/openDatabase'

interface FactRow {
  id: number
  agent_id: string
  status: FactStatus
  type: FactType
  speaker: Speaker
  text: string
  entities: string
  quote: string
  session_id: string | null
  message_id: string | null
  scan_findings: string
  merge_target_id: number | null
  merge_kind: 'duplicate' | 'contradiction' | null
  merge_target_text: string | null
  recall_suppressed: number
  origin: Fact['origin']
  tool_write: string | null
  session_title: string | null
  message_number: number | null
  created_at: number
  updated_at: number
}

interface EventRow {
  id: number
  fact_id: number
  kind: FactEventKind
  before_text: string | null
  after_text: string | null
  detail: string
  at: number
}

/** What a new fact needs; the store assigns id, status and timestamps. */
export interface NewFact {
  readonly agentId: string
  readonly status: FactStatus
  readonly type: FactType
  readonly speaker: Speaker
  readonly text: string
  readonly entities: readonly string[]
  readonly quote: string
  readonly sessionId: string | null
  readonly messageId: string | null
  readonly scanFindings: readonly string[]
  readonly mergeTargetId: number | null
  readonly mergeKind: Fact['mergeKind']
  readonly origin: Fact['origin']
  /** Required for origin 'tool' (the write it waits to make), absent otherwise. */
  readonly toolWrite?: ToolWrite
}

export type FactPatch = Partial<
  Pick<
    Fact,
    'status' | 'text' | 'recallSuppressed' | 'scanFindings' | 'mergeTargetId' | 'mergeKind' | 'toolWrite'
  >
>

/**
 * Facts with what a person needs to place them: the merge target's text, the source session's
 * title, and the source message's number among the messages the chat shows (user texts and
 * replies), counted from 1. Message ids are only trusted when they are all digits.
 */
const SELECT = `SELECT f.*, t.text AS merge_target_text, NULLIF(s.title, '') AS session_title,
    CASE WHEN src.id IS NULL THEN NULL ELSE
      (SELECT COUNT(*) FROM messages m WHERE m.session_id = f.session_id AND m.kind IN ('text', 'reply') AND m.id <= src.id) END AS message_number
  FROM memory_facts f
  LEFT JOIN memory_facts t ON t.id = f.merge_target_id
  LEFT JOIN sessions s ON s.id = f.session_id
  LEFT JOIN messages src ON src.session_id = f.session_id AND f.message_id NOT GLOB '*[^0-9]*' AND src.id = CAST(f.message_id AS INTEGER)`

/**
 * The memory bank's rows and their history. Every change is written together with its history
 * event in one transaction, so the history is a complete account of how a fact came to be.
 */
export class FactStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number
  ) {}

  insert(fact: NewFact, detail: Record<string, unknown> = {}): Fact {
    return this.db.transaction(() => {
      const at = this.now()
      const result = this.db
        .prepare(
          `INSERT INTO memory_facts (agent_id, status, type, speaker, text, entities, quote, session_id, message_id, scan_findings,
             merge_target_id, merge_kind, origin, tool_write, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
        )
        .run(
          fact.agentId,
          fact.status,
          fact.type,
          fact.speaker,
          fact.text,
          JSON.stringify(fact.entities),
          fact.quote,
          fact.sessionId,
          fact.messageId,
          JSON.stringify(fact.scanFindings),
          fact.mergeTargetId,
          fact.mergeKind,
          fact.origin,
          fact.toolWrite === undefined ? null : JSON.stringify(fact.toolWrite),
          at,
          at
        )
      const id = Number(result.lastInsertRowid)
      this.record(id, 'created', null, fact.text, detail)
      return this.require(id)
    })()
  }

  get(id: number): Fact | undefined {
    const row = this.db.prepare(`${SELECT} WHERE f.id = ?`).get(id) as FactRow | undefined
    return row ? fromRow(row) : undefined
  }

  require(id: number): Fact {
    const fact = this.get(id)
    if (!fact) throw new Error(`fact ${id} vanished inside its own transaction`)
    return fact
  }

  list(filter: { agentId?: string; status?: FactStatus; sessionId?: string }): Fact[] {
    const conditions: [string, string | undefined][] = [
      ['f.agent_id = ?', filter.agentId],
      ['f.status = ?', filter.status],
      ['f.session_id = ?', filter.sessionId]
    ]
    const used = conditions.filter(
      (condition): condition is [string, string] => condition[1] !== undefined && condition[1] !== ''
    )
    const where = used.map(([sql]) => sql)
    const args = used.map(([, value]) => value)
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
    const rows = this.db.prepare(`${SELECT} ${clause} ORDER BY f.session_id, f.id`).all(...args) as FactRow[]
    return rows.map(fromRow)
  }

  /** Applies `patch` and appends one history event, atomically. */
  update(id: number, patch: FactPatch, kind: FactEventKind, detail: Record<string, unknown> = {}): Fact {
    return this.db.transaction(() => {
      const before = this.require(id)
      const next = { ...before, ...patch }
      this.db
        .prepare(
          `UPDATE memory_facts SET status = ?, text = ?, recall_suppressed = ?, scan_findings = ?, merge_target_id = ?, merge_kind = ?,
             tool_write = ?, updated_at = ? WHERE id = ?`
        )
        .run(
          next.status,
          next.text,
          next.recallSuppressed ? 1 : 0,
          JSON.stringify(next.scanFindings),
          next.mergeTargetId,
          next.mergeKind,
          next.toolWrite === null ? null : JSON.stringify(next.toolWrite),
          this.now(),
          id
        )
      this.record(id, kind, before.text, next.text, { ...detail, from: before.status, to: next.status })
      return this.require(id)
    })()
  }

  history(id: number): FactEvent[] {
    const rows = this.db
      .prepare('SELECT * FROM memory_fact_events WHERE fact_id = ? ORDER BY id')
      .all(id) as EventRow[]
    return rows.map((row) => ({
      id: row.id,
      factId: row.fact_id,
      kind: row.kind,
      beforeText: row.before_text,
      afterText: row.after_text,
      detail: JSON.parse(row.detail) as Record<string, unknown>,
      atMs: row.at
    }))
  }

  pendingCounts(): Record<string, number> {
    const rows = this.db
      .prepare("SELECT agent_id, COUNT(*) AS n FROM memory_facts WHERE status = 'pending' GROUP BY agent_id")
      .all() as {
      agent_id: string
      n: number
    }[]
    return Object.fromEntries(rows.map((row) => [row.agent_id, row.n]))
  }

  private record(
    id: number,
    kind: FactEventKind,
    before: string | null,
    after: string | null,
    detail: Record<string, unknown>
  ): void {
    this.db
      .prepare(
        'INSERT INTO memory_fact_events (fact_id, kind, before_text, after_text, detail, at) VALUES (?, ?, ?, ?, ?, ?)'
      )
      .run(id, kind, before, after, JSON.stringify(detail), this.now())
  }
}

function fromRow(row: FactRow): Fact {
  return {
    id: row.id,
    agentId: row.agent_id,
    status: row.status,
    type: row.type,
    speaker: row.speaker,
    text: row.text,
    entities: JSON.parse(row.entities) as string[],
    quote: row.quote,
    sessionId: row.session_id,
    messageId: row.message_id,
    scanFailed: (JSON.parse(row.scan_findings) as string[]).length > 0,
    scanFindings: JSON.parse(row.scan_findings) as string[],
    mergeTargetId: row.merge_target_id,
    mergeKind: row.merge_kind,
    mergeTargetText: row.merge_target_text,
    recallSuppressed: row.recall_suppressed === 1,
    origin: row.origin,
    toolWrite: row.tool_write === null ? null : (JSON.parse(row.tool_write) as ToolWrite),
    sessionTitle: row.session_title,
    messageNumber: row.message_number,
    createdAtMs: row.created_at,
    updatedAtMs: row.updated_at
  }
}
