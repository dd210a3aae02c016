import { writeTransaction } from '../node/db/writeTransaction'
import type { AgentId, MessageId, SessionId } from '../../shared/contract'
import { messageIdFromText } from '../domain/ids'
import {
  FactEventKind,
  FactOrigin,
  FactStatus,
  FactType,
  MergeKind,
  Speaker,
  FactProvenance,
  type Fact,
  type FactEvent,
  type ToolWrite
} from '../../shared/contract/review'
import type { Db } from '../node/db/openDatabase'
import { readOptionalRow, readRows, type RowReader } from '../node/db/rowReader'
import type { Transcripts } from '../ports/transcripts'
import type { FactPageQuery } from './factPages'

/** What a new fact needs; the store assigns id, status and timestamps. */
export interface NewFact {
  readonly agentId: AgentId
  readonly status: FactStatus
  readonly type: FactType
  readonly speaker: Speaker
  readonly text: string
  readonly entities: readonly string[]
  readonly quote: string
  readonly sessionId: SessionId | null
  readonly messageId: MessageId | null
  readonly scanFindings: readonly string[]
  readonly mergeTargetId: number | null
  readonly mergeKind: Fact['mergeKind']
  readonly origin: Fact['origin']
  /** Required for origin 'tool' (the write it waits to make), absent otherwise. */
  readonly toolWrite?: ToolWrite
  /** Origin 'import': the import and where in the other runtime the candidate came from. */
  readonly importId?: string
  readonly provenance?: FactProvenance
  /** When it was first written, if before now (an imported entry keeps its original time). */
  readonly createdAtMs?: number
}

export type FactPatch = Partial<
  Pick<
    Fact,
    'status' | 'text' | 'recallSuppressed' | 'scanFindings' | 'mergeTargetId' | 'mergeKind' | 'toolWrite'
  >
>

const SELECT = `SELECT f.*, t.text AS merge_target_text
  FROM memory_facts f
  LEFT JOIN memory_facts t ON t.id = f.merge_target_id`

/**
 * The memory bank's rows and their history. Every change is written together with its history
 * event in one transaction, so the history is a complete account of how a fact came to be.
 */
export class FactStore {
  /**
   * @param provenance where a fact's quote comes from, as a person places it: the session's
   *   title and the message's number in the chat (the chat feature owns those tables).
   */
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly provenance: Transcripts['provenance']
  ) {}

  insert(fact: NewFact, detail: Record<string, unknown> = {}): Fact {
    return writeTransaction(this.db, () => {
      const at = this.now()
      const result = this.db
        .prepare(
          `INSERT INTO memory_facts (agent_id, status, type, speaker, text, entities, quote, session_id, message_id, scan_findings,
             merge_target_id, merge_kind, origin, tool_write, import_id, provenance, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
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
          // The column is TEXT (it once held other runtimes' ids); a bound number would be stored as "12.0".
          fact.messageId === null ? null : String(fact.messageId),
          JSON.stringify(fact.scanFindings),
          fact.mergeTargetId,
          fact.mergeKind,
          fact.origin,
          fact.toolWrite === undefined ? null : JSON.stringify(fact.toolWrite),
          fact.importId ?? null,
          fact.provenance === undefined ? null : JSON.stringify(fact.provenance),
          fact.createdAtMs ?? at,
          at
        )
      const id = Number(result.lastInsertRowid)
      this.record(id, 'created', null, fact.text, detail)
      return this.require(id)
    })()
  }

  get(id: number): Fact | undefined {
    return readOptionalRow(this.db.prepare(`${SELECT} WHERE f.id = ?`).get(id), 'memory_facts', (row) =>
      this.fromRow(row)
    )
  }

  require(id: number): Fact {
    const fact = this.get(id)
    if (!fact) throw new Error(`fact ${id} vanished inside its own transaction`)
    return fact
  }

  list(filter: { agentId?: AgentId; status?: FactStatus; sessionId?: SessionId; importId?: string }): Fact[] {
    const conditions: [string, string | undefined][] = [
      ['f.agent_id = ?', filter.agentId],
      ['f.status = ?', filter.status],
      ['f.session_id = ?', filter.sessionId],
      ['f.import_id = ?', filter.importId]
    ]
    const used = conditions.filter(
      (condition): condition is [string, string] => condition[1] !== undefined && condition[1] !== ''
    )
    const where = used.map(([sql]) => sql)
    const args = used.map(([, value]) => value)
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
    const rows = this.db.prepare(`${SELECT} ${clause} ORDER BY f.session_id, f.id`).all(...args)
    return readRows(rows, 'memory_facts', (row) => this.fromRow(row))
  }

  /** The facts a page query selects (see factPages), in its order. */
  page(query: FactPageQuery): Fact[] {
    const rows = this.db.prepare(`${SELECT} ${query.clause}`).all(...query.args)
    return readRows(rows, 'memory_facts', (row) => this.fromRow(row))
  }

  /** Applies `patch` and appends one history event, atomically. */
  update(id: number, patch: FactPatch, kind: FactEventKind, detail: Record<string, unknown> = {}): Fact {
    return writeTransaction(this.db, () => {
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

  event(id: number): FactEvent | undefined {
    return readOptionalRow(
      this.db.prepare('SELECT * FROM memory_fact_events WHERE id = ?').get(id),
      'memory_fact_events',
      eventFromRow
    )
  }

  history(id: number): FactEvent[] {
    const rows = this.db.prepare('SELECT * FROM memory_fact_events WHERE fact_id = ? ORDER BY id').all(id)
    return readRows(rows, 'memory_fact_events', eventFromRow)
  }

  /** The pinned and unpinned events of every fact of an agent, oldest first: where its facts were pinned. */
  pinEvents(agentId: AgentId): FactEvent[] {
    const rows = this.db
      .prepare(
        // From the few pin events to their facts (CROSS JOIN keeps that order), not from every fact of the agent.
        `SELECT e.* FROM memory_fact_events e CROSS JOIN memory_facts f ON f.id = e.fact_id
           WHERE f.agent_id = ? AND e.kind IN ('pinned', 'unpinned') ORDER BY e.id`
      )
      .all(agentId)
    return readRows(rows, 'memory_fact_events', eventFromRow)
  }

  /**
   * The decisions made on an agent's (or every agent's) candidates, newest first: approvals, rejections, and
   * merges of a candidate into another fact (the candidate's side of the merge).
   */
  decisionEvents(agentId: AgentId | undefined, limit: number): FactEvent[] {
    const rows = this.db
      .prepare(
        `SELECT e.* FROM memory_fact_events e JOIN memory_facts f ON f.id = e.fact_id
           WHERE (? IS NULL OR f.agent_id = ?) AND (e.kind IN ('approved', 'rejected')
             OR (e.kind = 'merged' AND json_extract(e.detail, '$.into') IS NOT NULL))
           ORDER BY e.id DESC LIMIT ?`
      )
      .all(agentId ?? null, agentId ?? null, limit)
    return readRows(rows, 'memory_fact_events', eventFromRow)
  }

  /** Runs several updates as one: all of them are recorded, or none. */
  transaction<T>(work: () => T): T {
    return writeTransaction(this.db, work)()
  }

  /** How many facts of one status an agent has in Memories (memory-tool writes live in their files instead). */
  countListed(agentId: AgentId, status: FactStatus): number {
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM memory_facts WHERE agent_id = ? AND status = ? AND origin != 'tool'"
      )
      .get(agentId, status)
    return readOptionalRow(row, 'memory_facts', (reader) => reader.int('n')) ?? 0
  }

  pendingCounts(): Record<AgentId, number> {
    const rows = this.db
      .prepare("SELECT agent_id, COUNT(*) AS n FROM memory_facts WHERE status = 'pending' GROUP BY agent_id")
      .all()
    return Object.fromEntries(
      readRows(rows, 'memory_facts', (row) => [row.agentId('agent_id'), row.int('n')])
    )
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

  private fromRow(row: RowReader): Fact {
    const sessionId = row.sessionIdOrNull('session_id')
    const messageId = messageIdFromText(row.textOrNull('message_id'))
    const toolWrite = row.textOrNull('tool_write')
    const provenance = row.textOrNull('provenance')
    const scanFindings = row.json('scan_findings') as string[]
    const placed =
      sessionId === null ? { sessionTitle: null, messageNumber: null } : this.provenance(sessionId, messageId)
    return {
      id: row.int('id'),
      agentId: row.agentId('agent_id'),
      status: row.oneOf('status', FactStatus.options),
      type: row.oneOf('type', FactType.options),
      speaker: row.oneOf('speaker', Speaker.options),
      text: row.text('text'),
      entities: row.json('entities') as string[],
      quote: row.text('quote'),
      sessionId,
      messageId,
      scanFailed: scanFindings.length > 0,
      scanFindings,
      mergeTargetId: row.intOrNull('merge_target_id'),
      mergeKind: row.oneOfOrNull('merge_kind', MergeKind.options),
      mergeTargetText: row.textOrNull('merge_target_text'),
      recallSuppressed: row.flag('recall_suppressed'),
      origin: row.oneOf('origin', FactOrigin.options),
      toolWrite: toolWrite === null ? null : (row.json('tool_write') as ToolWrite),
      sessionTitle: placed.sessionTitle,
      messageNumber: placed.messageNumber,
      importId: row.textOrNull('import_id'),
      provenance: provenance === null ? null : FactProvenance.parse(row.json('provenance')),
      createdAtMs: row.int('created_at'),
      updatedAtMs: row.int('updated_at')
    }
  }
}

function eventFromRow(row: RowReader): FactEvent {
  return {
    id: row.int('id'),
    factId: row.int('fact_id'),
    kind: row.oneOf('kind', FactEventKind.options),
    beforeText: row.textOrNull('before_text'),
    afterText: row.textOrNull('after_text'),
    detail: row.json('detail') as Record<string, unknown>,
    atMs: row.int('at')
  }
}
