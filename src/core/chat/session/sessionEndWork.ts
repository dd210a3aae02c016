import { writeTransaction } from '../../node/db/writeTransaction'
import type { AgentId, SessionId } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readOptionalRow, readRows, type RowReader } from '../../node/db/rowReader'
import { isStampAlive, ownStamp } from '../../node/process/processIdentity'
import { SessionEndReason, type SessionEndProgress } from '../../../shared/contract/sessions'
import type { SessionEndHook } from '../../ports/turnContext'
import { ownId } from '../../domain/ids'

/** One hook's outcome in a session-end report. */
export interface HookOutcome {
  readonly id: string
  readonly ok: boolean
  readonly error: string | null
}

export interface EndWorkReport {
  readonly candidates: unknown[]
  readonly hooks: HookOutcome[]
}

/** What resuming interrupted session ends did, for the host to say in one line. */
export interface ResumeReport {
  readonly sessions: number
  readonly hooks: HookOutcome[]
}

/** The states of one hook's work row (the CHECK list of `session_end_work.state`). */
export const WORK_STATES = ['pending', 'running', 'done', 'failed'] as const

/** One hook's work row, read through the checked row reader. */
interface WorkRow {
  session_id: string
  agent_id: AgentId
  hook: string
  state: (typeof WORK_STATES)[number]
  claimed_pid: number | null
  claimed_started: string | null
  claimed_host: string | null
}

/**
 * Session end as durable work (see migration 0010). `commit` records the intent, with the
 * session marked ended, in one transaction; `run` claims each unfinished hook with a
 * compare-and-set on its row, runs it and marks it done or failed. A row stays claimable while
 * it is `pending`, or `running` for a process that no longer exists, so a kill at any point is
 * finished later, by whichever host opens the home first, exactly once.
 */
export class SessionEndWork {
  /** Work this process is running now, so a second caller waits for it instead of skipping it. */
  private readonly inFlight = new Map<string, Promise<HookOutcome & { result: unknown }>>()

  constructor(
    private readonly db: Db,
    private readonly hooks: () => readonly SessionEndHook[],
    private readonly now: () => number,
    /** Told when each hook starts and settles, so the UI can show the work as it happens. */
    private readonly onProgress: (progress: SessionEndProgress) => void = () => undefined
  ) {}

  /**
   * Marks the session ended (with why) and records one pending row per hook (once; a repeat adds
   * nothing). With `skipped` (why the session holds nothing worth it) no hook row is recorded:
   * the session closes without its end work, and says so. Committed again without `skipped`, an
   * ended session keeps its end time and reason and gets the work it skipped.
   */
  commit(
    session: { readonly id: SessionId; readonly agentId: AgentId },
    end: { readonly reason: SessionEndReason; readonly skipped: string | null }
  ): void {
    const at = this.now()
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO session_end_work (session_id, agent_id, hook, state, created_at) VALUES (?, ?, ?, 'pending', ?)`
    )
    writeTransaction(this.db, () => {
      this.db
        .prepare(
          `UPDATE sessions SET ended_at = COALESCE(ended_at, ?), updated_at = ?, end_reason = COALESCE(end_reason, ?),
             end_skipped = ? WHERE id = ?`
        )
        .run(at, at, end.reason, end.skipped, session.id)
      if (end.skipped === null)
        for (const hook of this.hooks()) insert.run(session.id, session.agentId, hook.id, at)
    })()
  }

  /** How an ended session ended: why, and the reason its end work was skipped (null when it ran). */
  endNote(sessionId: SessionId): { reason: SessionEndReason | null; skipped: string | null } | undefined {
    const row = this.db.prepare('SELECT end_reason, end_skipped FROM sessions WHERE id = ?').get(sessionId)
    return readOptionalRow(row, 'sessions', (read) => ({
      reason: read.oneOfOrNull('end_reason', SessionEndReason.options),
      skipped: read.textOrNull('end_skipped')
    }))
  }

  /** Runs the session's unfinished hooks in registration order (none after `signal` aborts). */
  async run(sessionId: SessionId, signal?: AbortSignal): Promise<EndWorkReport> {
    const report: EndWorkReport = { candidates: [], hooks: [] }
    for (const row of this.rows(sessionId)) {
      if (signal?.aborted) break
      const outcome = await this.runOne(row, signal)
      if (outcome === null) continue
      const candidates = (outcome.result as { candidates?: unknown } | null)?.candidates
      if (Array.isArray(candidates)) report.candidates.push(...candidates)
      report.hooks.push({ id: outcome.id, ok: outcome.ok, error: outcome.error })
    }
    return report
  }

  /**
   * Finishes every session end a killed process left unfinished. After `signal` aborts no
   * further hook starts; the report counts the sessions whose work was started.
   */
  async resume(signal?: AbortSignal): Promise<ResumeReport> {
    const hooks: HookOutcome[] = []
    let sessions = 0
    for (const sessionId of this.unfinishedSessions()) {
      if (signal?.aborted) break
      sessions++
      hooks.push(...(await this.run(sessionId, signal)).hooks)
    }
    return { sessions, hooks }
  }

  /**
   * Hands back the work this process claimed and has not finished (its hooks were stopped), so
   * the next host runs it: synchronous, for a core closing its database right after.
   */
  releaseClaims(): number {
    if (!this.db.open || this.db.readonly) return 0
    const me = ownStamp()
    return this.db
      .prepare(
        `UPDATE session_end_work SET state = 'pending', claimed_pid = NULL, claimed_started = NULL, claimed_host = NULL
         WHERE state = 'running' AND claimed_pid = ? AND claimed_started IS ? AND claimed_host IS ?`
      )
      .run(me.pid, me.startedAt, me.host).changes
  }

  /** Sessions with work still to do (pending or claimed by a dead process). */
  unfinishedSessions(): SessionId[] {
    return [
      ...new Set(
        this.rows(null)
          .filter((row) => this.isClaimable(row))
          .map((row) => ownId.session(row.session_id))
      )
    ]
  }

  private rows(sessionId: SessionId | null): WorkRow[] {
    const order = new Map(this.hooks().map((hook, index) => [hook.id, index]))
    const found =
      sessionId === null
        ? this.db
            .prepare(
              "SELECT * FROM session_end_work WHERE state IN ('pending', 'running') ORDER BY created_at, session_id"
            )
            .all()
        : this.db
            .prepare(
              "SELECT * FROM session_end_work WHERE session_id = ? AND state IN ('pending', 'running')"
            )
            .all(sessionId)
    const rows = readRows(found, 'session_end_work', workFromRow)
    return rows.sort((a, b) =>
      a.session_id === b.session_id ? (order.get(a.hook) ?? 99) - (order.get(b.hook) ?? 99) : 0
    )
  }

  private isClaimable(row: WorkRow): boolean {
    if (row.state === 'pending') return true
    return (
      row.claimed_pid !== null &&
      !isStampAlive({ pid: row.claimed_pid, startedAt: row.claimed_started, host: row.claimed_host })
    )
  }

  private async runOne(
    row: WorkRow,
    signal?: AbortSignal
  ): Promise<(HookOutcome & { result: unknown }) | null> {
    const key = `${row.session_id}\u0000${row.hook}`
    const running = this.inFlight.get(key)
    if (running) return running
    const hook = this.hooks().find((candidate) => candidate.id === row.hook)
    if (!hook || !this.isClaimable(row) || !this.claim(row)) return null
    const work = this.execute(hook, row, signal).finally(() => this.inFlight.delete(key))
    this.inFlight.set(key, work)
    return work
  }

  /** Compare-and-set on the row as it was read: of two processes, exactly one wins. */
  private claim(row: WorkRow): boolean {
    const me = ownStamp()
    const result = this.db
      .prepare(
        `UPDATE session_end_work SET state = 'running', claimed_pid = ?, claimed_started = ?, claimed_host = ?
         WHERE session_id = ? AND hook = ? AND state = ? AND claimed_pid IS ? AND claimed_started IS ?`
      )
      .run(
        me.pid,
        me.startedAt,
        me.host,
        row.session_id,
        row.hook,
        row.state,
        row.claimed_pid,
        row.claimed_started
      )
    return result.changes === 1
  }

  private async execute(
    hook: SessionEndHook,
    row: WorkRow,
    signal: AbortSignal | undefined
  ): Promise<HookOutcome & { result: unknown }> {
    const progress = { sessionId: ownId.session(row.session_id), agentId: row.agent_id, hookId: hook.id }
    this.onProgress({ ...progress, phase: 'running', error: null, candidates: null })
    try {
      const session = { sessionId: progress.sessionId, agentId: row.agent_id }
      const result = await hook.run(signal ? { ...session, signal } : session)
      this.finish(row, 'done', null)
      const candidates = (result as { candidates?: unknown } | null)?.candidates
      this.onProgress({
        ...progress,
        phase: 'done',
        error: null,
        candidates: Array.isArray(candidates) ? candidates.length : null
      })
      return { id: hook.id, ok: true, error: null, result }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      // Stopped, not failed: the row goes back to pending (see releaseClaims) for the next host.
      if (signal?.aborted) return { id: hook.id, ok: false, error: `stopped: ${message}`, result: null }
      this.finish(row, 'failed', message)
      this.onProgress({ ...progress, phase: 'failed', error: message, candidates: null })
      return { id: hook.id, ok: false, error: message, result: null }
    }
  }

  private finish(row: WorkRow, state: 'done' | 'failed', error: string | null): void {
    // The core closed while the hook ran: the row stays claimed by this process, and the next
    // host takes it over once this process has exited.
    if (!this.db.open) return
    this.db
      .prepare(
        'UPDATE session_end_work SET state = ?, error = ?, finished_at = ?, claimed_pid = NULL, claimed_started = NULL, claimed_host = NULL WHERE session_id = ? AND hook = ?'
      )
      .run(state, error, this.now(), row.session_id, row.hook)
  }
}

function workFromRow(row: RowReader): WorkRow {
  return {
    session_id: row.text('session_id'),
    agent_id: row.agentId('agent_id'),
    hook: row.text('hook'),
    state: row.oneOf('state', WORK_STATES),
    claimed_pid: row.intOrNull('claimed_pid'),
    claimed_started: row.textOrNull('claimed_started'),
    claimed_host: row.textOrNull('claimed_host')
  }
}
