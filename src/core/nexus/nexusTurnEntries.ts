import type Database from 'better-sqlite3'
import type { AgentId, SessionId, TurnId } from '../../shared/contract'
import type { NexusEntry } from '../../shared/contract/nexus'
import { notFound } from '../errors'
import { readOptionalRow, readRows } from '../node/db/rowReader'
import type { Transcripts } from '../ports/transcripts'
import type { NexusLog } from './nexusLog'
import { changedSomething, turnBody, turnSummary, type TurnFacts } from './turnSummary'

export const TURN_ENTRY_SOURCES = ['model', 'auto', 'marked'] as const
export type TurnEntrySource = (typeof TURN_ENTRY_SOURCES)[number]

/** A finished turn as the watcher saw it. */
export interface FinishedTurn extends TurnFacts {
  readonly agentId: AgentId
  readonly sessionId: SessionId
  readonly turnId: TurnId
  /** The entry the model posted itself that says what the turn did (turn, decision, handoff…), if any. */
  readonly modelEntry: number | null
  /** Everything the model posted during the turn (decisions, acks…), referenced by the automatic entry. */
  readonly posted: readonly number[]
}

/**
 * One entry per meaningful turn. When a turn ends, its entry is the one the model posted (a
 * closing nexus_post), else one Hearth writes from the turn itself — what was asked, which tools
 * ran, how it ended — without a model call, so it costs no tokens and never touches the cache.
 * The setting chooses which turns get one: off, those that changed something, or every turn.
 */
export class NexusTurnEntries {
  private readonly linkStatement: Database.Statement
  private readonly findStatement: Database.Statement

  constructor(
    private readonly db: Database.Database,
    private readonly nexus: NexusLog,
    private readonly transcripts: Pick<Transcripts, 'agentOf' | 'turnOutline'>
  ) {
    this.linkStatement = db.prepare(
      'INSERT OR IGNORE INTO nexus_turn_entries (turn_id, session_id, agent, seq, source, created_at) VALUES (?, ?, ?, ?, ?, ?)'
    )
    this.findStatement = db.prepare('SELECT seq, source FROM nexus_turn_entries WHERE turn_id = ?')
  }

  /**
   * Called when a turn finished, or broke off with an error (`failure`): what a failed turn
   * already changed stays changed, so it is meaningful too, and its entry says it failed.
   * Returns the entry that now stands for the turn, if any.
   */
  onFinished(turn: FinishedTurn): NexusEntry | null {
    if (this.linked(turn.turnId)) return null
    if (turn.modelEntry !== null) {
      this.link(turn, turn.modelEntry, 'model')
      return null
    }
    const mode = this.nexus.settings().turnEntries
    if (mode === 'off') return null
    if (mode === 'meaningful' && !turn.tools.some(changedSomething)) return null
    return this.write(turn, 'auto')
  }

  /** The user marked a turn as meaningful: it gets an entry now, unless it already has one. */
  mark(sessionId: SessionId, turnId: TurnId): { entry: NexusEntry; created: boolean } {
    const existing = this.linked(turnId)
    if (existing) return { entry: this.nexus.repository.get([existing.seq])[0] as NexusEntry, created: false }
    const agentId = this.transcripts.agentOf(sessionId)
    const outline = this.transcripts.turnOutline(sessionId, turnId)
    if (!agentId || !outline) throw notFound(`No turn ${turnId} in session ${sessionId}`)
    const entry = this.write(
      { ...outline, agentId, sessionId, turnId, modelEntry: null, posted: [] },
      'marked'
    )
    return { entry, created: true }
  }

  /** The entries that stand for the turns of one session, oldest first. */
  forSession(sessionId: SessionId): NexusEntry[] {
    const seqs = readRows(
      this.db.prepare('SELECT seq FROM nexus_turn_entries WHERE session_id = ? ORDER BY seq').all(sessionId),
      'nexus_turn_entries',
      (row) => row.int('seq')
    )
    return this.nexus.repository.get(seqs)
  }

  private linked(turnId: TurnId): { seq: number; source: TurnEntrySource } | undefined {
    return readOptionalRow(this.findStatement.get(turnId), 'nexus_turn_entries', (row) => ({
      seq: row.int('seq'),
      source: row.oneOf('source', TURN_ENTRY_SOURCES)
    }))
  }

  private write(turn: FinishedTurn, source: TurnEntrySource): NexusEntry {
    const where = `Turn ${turn.turnId} of session ${turn.sessionId}.`
    const entry = this.nexus.post({
      agent: turn.agentId,
      type: 'turn',
      summary: turnSummary(turn),
      body: turnBody(turn, source === 'marked' ? `${where} Marked by the user.` : where),
      ...(turn.posted.length > 0 ? { refs: [...turn.posted] } : {})
    }).entry
    this.link(turn, entry.seq, source)
    return entry
  }

  private link(turn: FinishedTurn, seq: number, source: TurnEntrySource): void {
    this.linkStatement.run(turn.turnId, turn.sessionId, turn.agentId, seq, source, this.nexus.clock.now())
  }
}
