import type { AgentId, SessionId } from '../../../shared/contract'
import type { SessionEndReason } from '../../../shared/contract/sessions'
import { conflict, notFound } from '../../errors'
import type { EventHub } from '../../events'
import type { Clock } from '../../ports/clock'
import type { SessionRecord } from '../chatTypes'
import type { EndWorkReport, ResumeReport, SessionEndWork } from './sessionEndWork'
import type { SessionRepository } from '../store/sessionRepository'
import { insubstantialReason } from './sessionSubstance'

/** How an ended session ended: why, and why its end work was skipped (null when it ran). */
export interface EndNote {
  readonly reason: SessionEndReason | null
  readonly skipped: string | null
}

export interface SessionEnderDeps {
  readonly sessions: SessionRepository
  readonly endWork: SessionEndWork
  readonly isAnswering: (id: SessionId) => boolean
  /** `retention.minChars`, read afresh at each end. */
  readonly minChars: () => number
  readonly clock: Clock
  readonly events: EventHub
}

/**
 * Ending sessions. The user's own End always runs the end work (retention, the Nexus summary); a
 * session closing on its own (the app quits, it sat idle) runs it only when it has substance, so
 * a chat where the model never answered, only failed, or that is too short leaves no candidates —
 * it closes with the reason recorded, and the user can still ask for the work afterwards.
 */
export class SessionEnder {
  constructor(private readonly deps: SessionEnderDeps) {}

  /**
   * Ends a session and runs every session-end hook in order, announcing each as it starts and
   * settles. The intent (session ended, one pending row per hook) is committed before any hook
   * runs, so a process killed mid-way leaves work that the next host to open the home finishes
   * (`resume`). A failing hook is reported, not fatal; `candidates` gathers what retention hooks
   * proposed. Refused while a reply is streaming, and for a session that already ended.
   */
  async end(id: SessionId, reason: SessionEndReason): Promise<EndWorkReport> {
    const session = this.require(id)
    if (session.endedAtMs !== null)
      throw conflict(
        `This session already ended on ${new Date(session.endedAtMs).toISOString()}; its transcript stays readable. Start a new chat to keep talking.`
      )
    if (this.deps.isAnswering(id))
      throw conflict('This session is answering right now. Wait for the reply, or press Stop, then end it.')
    const skipped =
      reason === 'explicit'
        ? null
        : insubstantialReason(this.deps.sessions.messages(id), this.deps.minChars())
    this.deps.endWork.commit({ id: session.id, agentId: session.agentId }, { reason, skipped })
    return this.run(session, reason, skipped)
  }

  /** Runs the end work a session skipped when it closed; refused when it ran or the session is open. */
  async runSkipped(id: SessionId): Promise<EndWorkReport> {
    const session = this.require(id)
    const note = this.endNote(id)
    if (note === null || note.skipped === null)
      throw conflict(
        'This session did not skip its end work: retention ran when it ended, or it is still open.'
      )
    const reason = note.reason ?? 'explicit'
    this.deps.endWork.commit({ id: session.id, agentId: session.agentId }, { reason, skipped: null })
    return this.run(session, reason, null)
  }

  endNote(id: SessionId): EndNote | null {
    if (this.require(id).endedAtMs === null) return null
    return this.deps.endWork.endNote(id) ?? null
  }

  /** One ended session with how it ended; null while it is open. */
  endOf(id: SessionId): { session: SessionRecord; note: EndNote } | null {
    const note = this.endNote(id)
    return note === null ? null : { session: this.require(id), note }
  }

  /** The latest ends (of one agent, or of all), each with how it ended. */
  recentEnds(agentId: AgentId | null, limit: number): { session: SessionRecord; note: EndNote }[] {
    return this.deps.sessions.endedSessions(agentId, limit).map((session) => ({
      session,
      note: this.deps.endWork.endNote(session.id) ?? { reason: null, skipped: null }
    }))
  }

  async resume(signal?: AbortSignal): Promise<ResumeReport> {
    return this.deps.endWork.resume(signal)
  }

  /** See `SessionEndWork.releaseClaims`. */
  releaseClaims(): number {
    return this.deps.endWork.releaseClaims()
  }

  private async run(
    session: SessionRecord,
    reason: SessionEndReason,
    skipped: string | null
  ): Promise<EndWorkReport> {
    const endedAtMs = this.deps.sessions.getSession(session.id)?.endedAtMs ?? this.deps.clock.now()
    const report = await this.deps.endWork.run(session.id)
    this.deps.events.emit('sessions.ended', {
      sessionId: session.id,
      agentId: session.agentId,
      reason,
      endedAtMs,
      candidates: report.candidates.length,
      hooks: [...report.hooks],
      skipped
    })
    return report
  }

  private require(id: SessionId): SessionRecord {
    const session = this.deps.sessions.getSession(id)
    if (!session)
      throw notFound(`No session with id "${id}". Run \`hearth sessions list\` to see the sessions.`)
    return session
  }
}
