import { writeTransaction } from '../../node/db/writeTransaction'
import type { MessageId, SessionId, TurnId } from '../../../shared/contract'
import type { TtlReasons } from '../../domain/cache/ttlPolicy'
import type Database from 'better-sqlite3'
import { keptStatements } from '../../node/db/keptStatements'
import type { Db } from '../../node/db/openDatabase'
import { readOptionalRow, readRows, type RowReader } from '../../node/db/rowReader'
import { ownStamp } from '../../node/process/processIdentity'
import { orphanedStreamingRows, type WriterStamp } from './streamingWriters'
import { CallPurpose, CallStatus, MissReason } from '../../../shared/contract'
import type { CacheTtl, CallUsage, RequestSections } from '../chatTypes'

/**
 * How to rebuild the exact request of a call from stored rows. The per-turn fenced blocks live
 * here, in the call record, and never in the transcript: a later turn's request leaves them out.
 */
export interface RequestRecipe {
  readonly maxTokens: number
  /** TTL of the conversation's markers (system end and messages). */
  readonly ttl: CacheTtl
  /** TTL of the stable-tier marker; absent on calls recorded before it had its own (then `ttl`). */
  readonly stableTtl?: CacheTtl
  /** Why the markers got their TTLs (absent on older calls). */
  readonly ttlWhy?: TtlReasons
  /** Stored message ids in request order (after merging, messages sharing a role are joined). */
  readonly messageIds: readonly MessageId[]
  /**
   * Per-turn context appended to the current user message: who, how big, a hash, and the exact
   * text sent with its provider's detail (what it recalled, which entries). Calls recorded
   * before the text was kept have only the first four.
   */
  readonly context: readonly {
    readonly providerId: string
    readonly fenceTag: string
    readonly chars: number
    readonly sha256: string
    readonly text?: string
    readonly detail?: unknown
  }[]
  /** Id of the message the context was appended to. */
  readonly contextMessageId: MessageId | null
  /** Compression calls append an instruction after the history. */
  readonly instruction?: string
}

/** How a call that ran to its end (in this process) finished. */
export type FinishedCallStatus = Exclude<CallStatus, 'streaming' | 'interrupted'>

export interface NewCall {
  readonly sessionId: SessionId
  readonly turnId: TurnId
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

/** What a chat shows of a call: how it ended and what it cost, without its request record. */
export type CallResult = Pick<
  CallRecord,
  'id' | 'turnId' | 'status' | 'error' | 'usage' | 'missReason' | 'costUsd'
>

const RESULT_COLUMNS =
  'id, turn_id, status, error, input_tokens, output_tokens, cache_write_5m, cache_write_1h, cache_read, miss_reason, cost_usd'

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
  /** Statements prepared once and kept (see keptStatements). */
  private readonly statement: (sql: string) => Database.Statement

  constructor(private readonly db: Db) {
    this.statement = keptStatements(db)
  }

  start(call: NewCall): number {
    const result = this.statement(
      `INSERT INTO api_calls (session_id, turn_id, iteration, purpose, model, prompt_version, request, sections, status, writer_pid, writer_started, started_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'streaming', ?, ?, ?)`
    ).run(
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
    this.statement(
      `UPDATE api_calls SET status = ?, error = ?, input_tokens = ?, output_tokens = ?, cache_write_5m = ?, cache_write_1h = ?, cache_read = ?,
           expected_read = ?, miss_reason = ?, cost_usd = ?, finished_at = ?, writer_pid = NULL, writer_started = NULL WHERE id = ?`
    ).run(
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
  lastAnswered(sessionId: SessionId): CallRecord | undefined {
    const row = this.statement(
      `SELECT * FROM api_calls WHERE session_id = ? AND (input_tokens + cache_read + cache_write_5m + cache_write_1h) > 0 ORDER BY id DESC LIMIT 1`
    ).get(sessionId)
    return readOptionalRow(row, 'api_calls', callFromRow)
  }

  forSession(sessionId: SessionId): CallRecord[] {
    const rows = this.statement('SELECT * FROM api_calls WHERE session_id = ? ORDER BY id').all(sessionId)
    return readRows(rows, 'api_calls', callFromRow)
  }

  /**
   * Every call of the session as its chat shows them, in order. Only the result columns are read:
   * a year-long chat has thousands of calls, each with a request record of its own.
   */
  resultsForSession(sessionId: SessionId): CallResult[] {
    const rows = this.statement(
      `SELECT ${RESULT_COLUMNS} FROM api_calls WHERE session_id = ? ORDER BY id`
    ).all(sessionId)
    return readRows(rows, 'api_calls', resultFromRow)
  }

  forTurn(sessionId: SessionId, turnId: TurnId): CallRecord[] {
    const rows = this.statement(
      'SELECT * FROM api_calls WHERE session_id = ? AND turn_id = ? ORDER BY id'
    ).all(sessionId, turnId)
    return readRows(rows, 'api_calls', callFromRow)
  }

  /** The session's newest call before call `id` (the one a call's request is compared with). */
  before(sessionId: SessionId, id: number): CallRecord | undefined {
    const row = this.statement(
      'SELECT * FROM api_calls WHERE session_id = ? AND id < ? ORDER BY id DESC LIMIT 1'
    ).get(sessionId, id)
    return readOptionalRow(row, 'api_calls', callFromRow)
  }

  get(id: number): CallRecord | undefined {
    const row = this.statement('SELECT * FROM api_calls WHERE id = ?').get(id)
    return readOptionalRow(row, 'api_calls', callFromRow)
  }

  /** Calls still `streaming` after their process (pid and start time) died are closed as interrupted. */
  recoverInterrupted(isAlive: (writer: WriterStamp) => boolean, nowMs: number): void {
    const dead = orphanedStreamingRows(this.db, 'api_calls', isAlive)
    const mark = this.statement(
      "UPDATE api_calls SET status = 'interrupted', writer_pid = NULL, writer_started = NULL, finished_at = ? WHERE id = ?"
    )
    writeTransaction(this.db, () => dead.forEach((id) => mark.run(nowMs, id)))()
  }
}

function resultFromRow(row: RowReader): CallResult {
  const cacheWrite5m = row.int('cache_write_5m')
  const cacheWrite1h = row.int('cache_write_1h')
  return {
    id: row.int('id'),
    turnId: row.turnId('turn_id'),
    status: row.oneOf('status', CallStatus.options),
    error: row.textOrNull('error'),
    usage: {
      input_tokens: row.int('input_tokens'),
      output_tokens: row.int('output_tokens'),
      cache_creation_input_tokens: cacheWrite5m + cacheWrite1h,
      cache_read_input_tokens: row.int('cache_read'),
      cache_write_5m: cacheWrite5m,
      cache_write_1h: cacheWrite1h
    },
    missReason: row.oneOfOrNull('miss_reason', MissReason.options),
    costUsd: row.real('cost_usd')
  }
}

function callFromRow(row: RowReader): CallRecord {
  return {
    ...resultFromRow(row),
    sessionId: row.sessionId('session_id'),
    iteration: row.int('iteration'),
    purpose: row.oneOf('purpose', CallPurpose.options),
    model: row.text('model'),
    promptVersion: row.int('prompt_version'),
    recipe: row.json('request') as RequestRecipe,
    sections: row.json('sections') as RequestSections,
    expectedRead: row.int('expected_read'),
    startedAtMs: row.int('started_at'),
    finishedAtMs: row.intOrNull('finished_at')
  }
}
