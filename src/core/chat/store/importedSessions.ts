import { createHash } from 'node:crypto'
import type { AgentId, ImportSource, SessionId, TurnId, TurnOrigin } from '../../../shared/contract'
import type { Db } from '../../node/db/openDatabase'
import { readRows } from '../../node/db/rowReader'
import type { ContentBlock, MessageKind, MessageRole, PromptReport } from '../chatTypes'
import { searchTextOf } from './sessionRows'

/** One message of an imported conversation, with the time it was written in the other runtime. */
export interface ImportedMessage {
  readonly role: MessageRole
  readonly kind: MessageKind
  readonly content: readonly ContentBlock[]
  readonly createdAtMs: number
}

/** One turn (a user message and what answered it) and its place in the conversation tree. */
export interface ImportedTurn {
  readonly turnId: TurnId
  readonly parentTurnId: TurnId | null
  /** `regenerate` or `edit` for another version at the same place (ChatGPT's branches). */
  readonly origin: TurnOrigin
  readonly sourceTurnId: TurnId | null
  readonly createdAtMs: number
  readonly messages: readonly ImportedMessage[]
}

/** A conversation from another runtime, ready to become an ordinary, ended session. */
export interface ImportedSession {
  readonly id: SessionId
  readonly agentId: AgentId
  readonly title: string
  readonly model: string
  readonly importId: string
  readonly source: ImportSource
  readonly startedAtMs: number
  readonly updatedAtMs: number
  readonly turns: readonly ImportedTurn[]
  /** The newest turn of the branch the other runtime showed. */
  readonly headTurnId: TurnId | null
}

/** An imported chat was never sent from here: no frozen prompt, no tools. */
const NO_PROMPT: PromptReport = {
  tiers: { stable: '', context: '', volatile: '' },
  tierOffsets: {},
  layers: [],
  warnings: [],
  tokens: 0
}
const NO_TOOLS_HASH = createHash('sha256').update('[]').digest('hex')

/**
 * Writes imported conversations as ordinary sessions: messages keep their original times, turns
 * their tree, the session its import and source. Each is ended at its last message, so it reads
 * like any other chat, is searched like one, and takes no new messages (a new chat continues it).
 * The caller owns the transaction: a whole import commits or none of it does.
 */
export class ImportedSessionWriter {
  private readonly insertSession
  private readonly insertPrompt
  private readonly insertTurn
  private readonly insertMessage
  private readonly setHead

  constructor(private readonly db: Db) {
    this.insertSession = db.prepare(
      `INSERT INTO sessions (id, agent_id, cwd, model, provider, platform, system_prompt, prompt_report, tools, tools_hash, title, title_source,
         started_at, updated_at, ended_at, import_id, import_source)
       VALUES (?, ?, NULL, ?, 'imported', ?, '', ?, '[]', ?, ?, 'user', ?, ?, ?, ?, ?)`
    )
    this.insertPrompt = db.prepare(
      "INSERT INTO session_prompts (session_id, version, text, report, reason, created_at) VALUES (?, 1, '', ?, 'imported', ?)"
    )
    this.insertTurn = db.prepare(
      'INSERT INTO turn_versions (turn_id, session_id, parent_turn_id, origin, source_turn_id, created_at) VALUES (?, ?, ?, ?, ?, ?)'
    )
    this.insertMessage = db.prepare(
      `INSERT INTO messages (session_id, turn_id, role, kind, content, search_text, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'complete', ?, ?)`
    )
    this.setHead = db.prepare('UPDATE sessions SET head_turn_id = ? WHERE id = ?')
  }

  /** Writes one conversation; returns how many messages it stored. */
  write(session: ImportedSession): number {
    const report = JSON.stringify(NO_PROMPT)
    this.insertSession.run(
      session.id,
      session.agentId,
      session.model,
      session.source,
      report,
      NO_TOOLS_HASH,
      session.title,
      session.startedAtMs,
      session.updatedAtMs,
      session.updatedAtMs,
      session.importId,
      session.source
    )
    this.insertPrompt.run(session.id, report, session.startedAtMs)
    let stored = 0
    for (const turn of session.turns) {
      this.insertTurn.run(
        turn.turnId,
        session.id,
        turn.parentTurnId,
        turn.origin,
        turn.sourceTurnId,
        turn.createdAtMs
      )
      for (const message of turn.messages) {
        const content = JSON.stringify(message.content)
        this.insertMessage.run(
          session.id,
          turn.turnId,
          message.role,
          message.kind,
          content,
          searchTextOf(message.content),
          message.createdAtMs,
          message.createdAtMs
        )
        stored += 1
      }
    }
    this.setHead.run(session.headTurnId, session.id)
    return stored
  }

  /** The sessions one import brought in, oldest first: what a retention pass may be asked to read. */
  sessionsOf(importId: string): { id: SessionId; title: string }[] {
    const rows = this.db
      .prepare('SELECT id, title FROM sessions WHERE import_id = ? ORDER BY started_at, id')
      .all(importId)
    return readRows(rows, 'sessions', (row) => ({ id: row.sessionId('id'), title: row.text('title') }))
  }
}
