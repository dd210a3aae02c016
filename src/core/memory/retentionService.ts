import { writeTransaction } from '../node/db/writeTransaction'
import type { AgentId, MessageId, SessionId } from '../../shared/contract'
import { messageIdFromText } from '../domain/ids'
import type Anthropic from '@anthropic-ai/sdk'
import type { Fact } from '../../shared/contract/review'
import { HearthError, notFound } from '../errors'
import type { EventHub } from '../events'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import type { SessionEndHook } from '../ports/turnContext'
import type { FactStore, NewFact } from './factStore'
import type { ThreatScanner } from './memoryOperations'
import {
  RawCandidate,
  RETENTION_SYSTEM,
  RETENTION_TOOL,
  RETENTION_TOOL_NAME,
  renderTranscript
} from './retentionPrompt'
import { proposeMerge, type SimilarFacts } from './mergeProposal'
import type { Transcript, Transcripts } from '../ports/transcripts'
import { readOptionalRow } from '../node/db/rowReader'

export interface RetentionDeps {
  readonly db: Db
  readonly facts: FactStore
  readonly transcripts: Pick<Transcripts, 'transcript'>
  readonly scan: ThreatScanner
  readonly clock: Clock
  readonly events: EventHub
  readonly similar: SimilarFacts
  /**
   * The SDK client, the model for this agent and `max_tokens` (the `maxOutputTokens` setting, the
   * one value every call sends), read at each run so a settings change applies at once.
   */
  readonly model: (
    agentId: AgentId
  ) => Promise<{ readonly client: Anthropic; readonly model: string; readonly maxTokens: number }>
}

export interface RetentionReport {
  readonly sessionId: SessionId
  readonly agentId: AgentId
  /** This session's pending candidates after the run. */
  readonly candidates: readonly Fact[]
  /** True when the session had nothing new since the last run, so the model was not called. */
  readonly skipped: boolean
  /** Candidates the model sent that were malformed and dropped. */
  readonly dropped: number
}

/** One retention run over a session: how many candidates it proposed, or why it failed. */
export interface RetentionRun {
  readonly candidates: number
  readonly error: string | null
  readonly ranAtMs: number
}

/**
 * Retention at session end: the model reads the transcript and must answer through a forced tool
 * whose input is the list of candidate facts. Candidates land pending in the bank, never in
 * memory. A session is retained once; after new messages a re-run replaces its pending candidates.
 */
export class RetentionService {
  constructor(private readonly deps: RetentionDeps) {}

  /** The hook the chat engine runs at session end (explicit end, idle timeout, app quit). */
  hook(): SessionEndHook {
    return {
      id: 'retention',
      run: async ({ sessionId, signal }) => ({
        candidates: (await this.run(sessionId, signal ? { signal } : {})).candidates
      })
    }
  }

  async run(
    sessionId: SessionId,
    options: { force?: boolean; signal?: AbortSignal } = {}
  ): Promise<RetentionReport> {
    const transcript = this.deps.transcripts.transcript(sessionId)
    if (!transcript) throw notFound(`No session with id "${sessionId}".`)
    const lastId = transcript.messages.at(-1)?.id ?? null
    const previous = this.deps.db
      .prepare('SELECT last_message_id, error FROM retention_runs WHERE session_id = ?')
      .get(sessionId)
    const ran = readOptionalRow(previous, 'retention_runs', (row) => ({
      lastMessageId: row.textOrNull('last_message_id'),
      error: row.textOrNull('error')
    }))
    if (!options.force && ran && ran.error === null && ran.lastMessageId === lastId) {
      return this.report(transcript, true, 0)
    }
    if (transcript.messages.length === 0) {
      this.recordRun(transcript, lastId, 0, null)
      return this.report(transcript, false, 0)
    }
    let raw: unknown[]
    try {
      raw = await this.askModel(transcript, options.signal)
    } catch (error) {
      // Stopped on purpose (the core is closing): not a failed run; the next host runs it again.
      if (options.signal?.aborted) throw error
      this.recordRun(transcript, null, 0, error instanceof Error ? error.message : String(error))
      throw error
    }
    const parsed = raw.map((item) => RawCandidate.safeParse(item))
    const candidates = dedupe(parsed.flatMap((p) => (p.success ? [p.data] : [])))
    this.store(transcript, await Promise.all(candidates.map((c) => this.toNewFact(transcript, c))), lastId)
    return this.report(transcript, false, parsed.length - candidates.length)
  }

  /** What retention's last run over each session proposed (absent: it never read that session). */
  runsFor(sessionIds: readonly SessionId[]): Map<SessionId, RetentionRun> {
    const runs = new Map<SessionId, RetentionRun>()
    const read = this.deps.db.prepare(
      'SELECT candidate_count, error, ran_at FROM retention_runs WHERE session_id = ?'
    )
    for (const sessionId of sessionIds) {
      const run = readOptionalRow(read.get(sessionId), 'retention_runs', (row) => ({
        candidates: row.int('candidate_count'),
        error: row.textOrNull('error'),
        ranAtMs: row.int('ran_at')
      }))
      if (run) runs.set(sessionId, run)
    }
    return runs
  }

  /** Memory's part of deleting a chat for good: the record of retention having read it. */
  forgetSession(sessionId: SessionId): void {
    this.deps.db.prepare('DELETE FROM retention_runs WHERE session_id = ?').run(sessionId)
  }

  private async askModel(transcript: Transcript, signal: AbortSignal | undefined): Promise<unknown[]> {
    const { client, model, maxTokens } = await this.deps.model(transcript.agentId)
    const response = await client.messages.create(
      {
        model,
        max_tokens: maxTokens,
        system: RETENTION_SYSTEM,
        messages: [
          { role: 'user', content: `The conversation:\n\n${renderTranscript(transcript.messages)}` }
        ],
        tools: [RETENTION_TOOL as unknown as Anthropic.Tool],
        tool_choice: { type: 'tool', name: RETENTION_TOOL_NAME }
      },
      signal ? { signal } : {}
    )
    const call = response.content.find(
      (block) => block.type === 'tool_use' && block.name === RETENTION_TOOL_NAME
    )
    if (!call || call.type !== 'tool_use') {
      throw new HearthError(
        'llm_unavailable',
        `The model did not call ${RETENTION_TOOL_NAME}, so no memory candidates were recorded for this session.`
      )
    }
    const list = (call.input as { candidates?: unknown }).candidates
    return Array.isArray(list) ? list : []
  }

  private async toNewFact(transcript: Transcript, candidate: RawCandidate): Promise<NewFact> {
    const merge = proposeMerge(await this.deps.similar(transcript.agentId, candidate.text), candidate.text)
    return {
      agentId: transcript.agentId,
      status: 'pending',
      type: candidate.type,
      speaker: candidate.speaker,
      text: candidate.text,
      entities: candidate.entities,
      quote: candidate.quote.slice(0, 400),
      sessionId: transcript.sessionId,
      messageId: resolveMessageId(transcript, candidate),
      scanFindings: this.deps.scan(candidate.text, 'strict'),
      mergeTargetId: merge?.id ?? null,
      mergeKind: merge?.kind ?? null,
      origin: 'retention',
      // From an imported chat: tagged with its import, so Review can show and decide them together.
      ...(transcript.importId !== null ? { importId: transcript.importId } : {})
    }
  }

  /** Replaces the session's pending candidates (superseded, never deleted) and records the run. */
  private store(transcript: Transcript, facts: readonly NewFact[], lastId: string | null): void {
    writeTransaction(this.deps.db, () => {
      for (const old of this.deps.facts.list({ sessionId: transcript.sessionId, status: 'pending' })) {
        if (old.origin === 'retention')
          this.deps.facts.update(old.id, { status: 'superseded' }, 'superseded', {
            reason: 'retention re-run'
          })
      }
      for (const fact of facts) this.deps.facts.insert(fact, { retention: transcript.sessionId })
      this.recordRun(transcript, lastId, facts.length, null)
    })()
    const pending = this.deps.facts.pendingCounts()[transcript.agentId] ?? 0
    this.deps.events.emit('review.changed', { agentId: transcript.agentId, pending })
  }

  private recordRun(
    transcript: Transcript,
    lastId: string | null,
    count: number,
    error: string | null
  ): void {
    this.deps.db
      .prepare(
        `INSERT INTO retention_runs (session_id, agent_id, last_message_id, candidate_count, error, ran_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (session_id) DO UPDATE SET last_message_id = excluded.last_message_id, candidate_count = excluded.candidate_count,
           error = excluded.error, ran_at = excluded.ran_at`
      )
      .run(transcript.sessionId, transcript.agentId, lastId, count, error, this.deps.clock.now())
  }

  private report(transcript: Transcript, skipped: boolean, dropped: number): RetentionReport {
    const candidates = this.deps.facts.list({ sessionId: transcript.sessionId, status: 'pending' })
    return { sessionId: transcript.sessionId, agentId: transcript.agentId, candidates, skipped, dropped }
  }
}

/** The model's message id when it names a real message; else the message holding the quote. */
function resolveMessageId(transcript: Transcript, candidate: RawCandidate): MessageId | null {
  const id = candidate.message_id.replace(/^message\s+/i, '').trim()
  if (transcript.messages.some((m) => m.id === id)) return messageIdFromText(id)
  const quote = candidate.quote.trim()
  if (quote === '') return null
  return messageIdFromText(transcript.messages.find((m) => m.text.includes(quote))?.id ?? null)
}

function dedupe(candidates: readonly RawCandidate[]): RawCandidate[] {
  const seen = new Set<string>()
  return candidates.filter((c) => {
    const key = c.text.toLowerCase().replace(/\s+/g, ' ')
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
