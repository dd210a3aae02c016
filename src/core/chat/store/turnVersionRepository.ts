import { writeTransaction } from '../../node/db/writeTransaction'
import type { SessionId, TurnId } from '../../../shared/contract'
import { TurnOrigin } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readOptionalRow, readTuples, TupleColumns } from '../../node/db/rowReader'
import type { TurnLink } from './turnPath'

/** A turn link's columns, read as tuples: a long chat has thousands of turns. */
const TURN_COLUMNS = new TupleColumns('turn_versions', [
  'turn_id',
  'parent_turn_id',
  'origin',
  'source_turn_id',
  'created_at'
])

/** The conversation tree of each session (`turn_versions`) and which path is chosen (`sessions.head_turn_id`). */
export class TurnVersionRepository {
  private readonly existsStatement
  private readonly turnsStatement
  private readonly headStatement
  private readonly setHeadStatement
  private readonly linkStatement

  constructor(private readonly db: Db) {
    this.existsStatement = db.prepare('SELECT 1 FROM turn_versions WHERE turn_id = ?').pluck()
    this.turnsStatement = db
      .prepare(
        `SELECT ${TURN_COLUMNS.list} FROM turn_versions WHERE session_id = ? ORDER BY created_at, rowid`
      )
      .raw()
    this.headStatement = db.prepare('SELECT head_turn_id FROM sessions WHERE id = ?')
    this.setHeadStatement = db.prepare('UPDATE sessions SET head_turn_id = ? WHERE id = ?')
    this.linkStatement = db.prepare(
      'INSERT INTO turn_versions (turn_id, session_id, parent_turn_id, origin, source_turn_id, created_at) VALUES (?, ?, ?, ?, ?, ?)'
    )
  }

  /** A turn seen for the first time continues the chosen path: its parent is the head, and it becomes the head. */
  ensureTurn(sessionId: SessionId, turnId: TurnId, nowMs: number): void {
    if (this.existsStatement.get(turnId) !== undefined) return
    const link = (): void =>
      this.link(sessionId, {
        turnId,
        parentTurnId: this.head(sessionId),
        origin: 'send',
        sourceTurnId: null,
        createdAtMs: nowMs
      })
    // A message's append is already a transaction: a savepoint per turn inside it would make the
    // full-text index write a segment per turn.
    if (this.db.inTransaction) link()
    else writeTransaction(this.db, link)()
  }

  /** Adds a version beside an existing turn (regenerate, edit) and makes it the head. */
  fork(sessionId: SessionId, turn: TurnLink): void {
    writeTransaction(this.db, () => this.link(sessionId, turn))()
  }

  turns(sessionId: SessionId): TurnLink[] {
    return readTuples(this.turnsStatement.all(sessionId), TURN_COLUMNS, (row) => ({
      turnId: row.turnId('turn_id'),
      parentTurnId: row.turnIdOrNull('parent_turn_id'),
      origin: row.oneOf('origin', TurnOrigin.options),
      sourceTurnId: row.turnIdOrNull('source_turn_id'),
      createdAtMs: row.int('created_at')
    }))
  }

  head(sessionId: SessionId): TurnId | null {
    const row = this.headStatement.get(sessionId)
    return readOptionalRow(row, 'sessions', (read) => read.turnIdOrNull('head_turn_id')) ?? null
  }

  setHead(sessionId: SessionId, turnId: TurnId): void {
    this.setHeadStatement.run(turnId, sessionId)
  }

  private link(sessionId: SessionId, turn: TurnLink): void {
    this.linkStatement.run(
      turn.turnId,
      sessionId,
      turn.parentTurnId,
      turn.origin,
      turn.sourceTurnId,
      turn.createdAtMs
    )
    this.setHead(sessionId, turn.turnId)
  }
}
