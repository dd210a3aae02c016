import type { TtlReasons } from '../domain/cache/ttlPolicy'
import type { Db } from '../node/db/openDatabase'
import { ownStamp } from '../node/process/processIdentity'
import type { WriterRow, WriterStamp } from './sessionRepository'
import type { CacheTtl, CallPurpose, CallStatus, CallUsage, MissReason, RequestSections } from './chatTypes'

/** How to rebuild the exact request of a call from stored rows (the fenced context is never stored). */
export interface RequestRecipe {
  readonly maxTokens: number
  /** TTL of the conversation's markers (system end and messages). */
  readonly ttl: CacheTtl
  /** TTL of the stable-tier marker; absent on calls recorded before it had its own (then `ttl`). */
  readonly stableTtl?: CacheTtl
  /** Why the markers got their TTLs (absent on older calls). */
  readonly ttlWhy?: TtlReasons
  /** Stored message ids in request order (after merging, messages sharing a role are joined). */
  readonly messageIds: readonly number[]
  /** Per-turn context appended to the current user message: who, how big, a hash — not the text. */
  readonly context: readonly {
    readonly providerId: string
    readonly fenceTag: string
    readonly chars: number
    readonly sha256: string
  }[]
  /** Id of the message the context was appended to. */
  readonly contextMessageId: number | null
  /** Compression calls append an instruction after the history. */
  readonly instruction?: string
}

/** How a call that ran to its end (in this process) finished. */
export type FinishedCallStatus = Exclude<CallStatus, 'streaming' | 'interrupted'>

export interface NewCall {
  readonly sessionId: string
  readonly turnId: string
  readonly iteration: number
  readonly purpose: CallPurpose
  readonly model: string
  readonly promptVersion: number
  readonly recipe: RequestRecipe
  readonly sections: RequestSections
  readonly nowMs: number
}

/** A stored call: what `start` was given (its time becomes `startedAtMs`) and how it ended. */
export interface CallRecord extends Omit<NewCall, 'nowMs'> {
  readonly id: number
  readonly status: CallStatus
  readonly error: string | null
  readonly usage: CallUsage
  readonly expectedRead: number
  readonly missReason: MissReason | null
  readonly costUsd: number
  readonly startedAtMs: number
  readonly finishedAtMs: number | null
}

interface CallRow {
  id: number
  session_id: string
  turn_id: string
  iteration: number
  purpose: string
  model: string
  prompt_version: number
  request: string
  sections: string
  status: string
  error: string | null
  input_tokens: number
  output_tokens: number
  cache_write_5m: number
  cache_write_1h: number
  cache_read: number
  expected_read: number
  miss_reason: string | null
  cost_usd: number
  started_at: number
  finished_at: number | null
}

export interface CallOutcome {
  readonly status: FinishedCallStatus
  readonly error: string | null
  readonly usage: CallUsage
  readonly expectedRead: number
  readonly missReason: MissReason | null
  readonly costUsd: number
  readonly nowMs: number
}

/** One row per API call: what was sent (as a recipe), what came back, and why the cache missed. */
export class CallRepository {
  constructor(private readonly db: Db) {}

  start(call: NewCall): number {
    const result = this.db
      .prepare(
        `INSERT INTO api_calls (session_id, turn_id, iteration, purpose, model, prompt_version, request, sections, status, writer_pid, writer_started, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'streaming', ?, ?, ?)`
      )
      .run(
        call.sessionId,
        call.turnId,
        call.iteration,
        call.purpose,
        call.model,
        call.promptVersion,
        JSON.stringify(call.recipe),
        JSON.stringify(call.sections),
        ownStamp().pid,
        ownStamp().startedAt,
        call.nowMs
      )
    return Number(result.lastInsertRowid)
  }

  finish(id: number, outcome: CallOutcome): void {
    const u = outcome.usage
    this.db
      .prepare(
        `UPDATE api_calls SET status = ?, error = ?, input_tokens = ?, output_tokens = ?, cache_write_5m = ?, cache_write_1h = ?, cache_read = ?,
           expected_read = ?, miss_reason = ?, cost_usd = ?, finished_at = ?, writer_pid = NULL, writer_started = NULL WHERE id = ?`
      )
      .run(
        outcome.status,
        outcome.error,
        u.input_tokens,
        u.output_tokens,
        u.cache_write_5m,
        u.cache_write_1h,
        u.cache_read_input_tokens,
        outcome.expectedRead,
        outcome.missReason,
        outcome.costUsd,
        outcome.nowMs,
        id
      )
  }

  /** The newest call of a session that reached the model (it may have written cache entries). */
  lastAnswered(sessionId: string): CallRecord | undefined {
    const row = this.db
      .prepare(
        `SELECT * FROM api_calls WHERE session_id = ? AND (input_tokens + cache_read + cache_write_5m + cache_write_1h) > 0 ORDER BY id DESC LIMIT 1`
      )
      .get(sessionId) as CallRow | undefined
    return row ? callFromRow(row) : undefined
  }

  forSession(sessionId: string): CallRecord[] {
    return (
      this.db.prepare('SELECT * FROM api_calls WHERE session_id = ? ORDER BY id').all(sessionId) as CallRow[]
    ).map(callFromRow)
  }

  forTurn(sessionId: string, turnId: string): CallRecord[] {
    return (
      this.db
        .prepare('SELECT * FROM api_calls WHERE session_id = ? AND turn_id = ? ORDER BY id')
        .all(sessionId, turnId) as CallRow[]
    ).map(callFromRow)
  }

  get(id: number): CallRecord | undefined {
    const row = this.db.prepare('SELECT * FROM api_calls WHERE id = ?').get(id) as CallRow | undefined
    return row ? callFromRow(row) : undefined
  }

  /** Calls still `streaming` after their process (pid and start time) died are closed as interrupted. */
  recoverInterrupted(isAlive: (writer: WriterStamp) => boolean, nowMs: number): void {
    const rows = this.db
      .prepare("SELECT id, writer_pid, writer_started FROM api_calls WHERE status = 'streaming'")
      .all() as WriterRow[]
    const dead = rows.filter(
      (row) => row.writer_pid === null || !isAlive({ pid: row.writer_pid, startedAt: row.writer_started })
    )
    const mark = this.db.prepare(
      "UPDATE api_calls SET status = 'interrupted', writer_pid = NULL, writer_started = NULL, finished_at = ? WHERE id = ?"
    )
    this.db.transaction(() => dead.forEach((row) => mark.run(nowMs, row.id)))()
  }
}

function callFromRow(row: CallRow): CallRecord {
  return {
    id: row.id,
    sessionId: row.session_id,
    turnId: row.turn_id,
    iteration: row.iteration,
    purpose: row.purpose as CallRecord['purpose'],
    model: row.model,
    promptVersion: row.prompt_version,
    recipe: JSON.parse(row.request) as RequestRecipe,
    sections: JSON.parse(row.sections) as RequestSections,
    status: row.status as CallRecord['status'],
    error: row.error,
    usage: {
      input_tokens: row.input_tokens,
      output_tokens: row.output_tokens,
      cache_creation_input_tokens: row.cache_write_5m + row.cache_write_1h,
      cache_read_input_tokens: row.cache_read,
      cache_write_5m: row.cache_write_5m,
      cache_write_1h: row.cache_write_1h
    },
    expectedRead: row.expected_read,
    missReason: row.miss_reason as MissReason | null,
    costUsd: row.cost_usd,
    startedAtMs: row.started_at,
    finishedAtMs: row.finished_at
  }
}
