import type Database from 'better-sqlite3'

/**
 * Versions of a conversation. Every turn (a user message and everything answered to it) gets a
 * row naming the turn before it on its path, so a regenerated reply or an edited message is a
 * sibling of the turn it replaces instead of an overwrite: nothing is lost, and switching back
 * is a pointer move. `sessions.head_turn_id` is the newest turn of the chosen path; the model
 * only ever sees that path.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE TABLE turn_versions (
      turn_id        TEXT    PRIMARY KEY,
      session_id     TEXT    NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      parent_turn_id TEXT,                              -- the turn before this one on its path; NULL for a first turn
      origin         TEXT    NOT NULL CHECK (origin IN ('send', 'regenerate', 'edit')),
      source_turn_id TEXT,                              -- the turn this one was regenerated or edited from
      created_at     INTEGER NOT NULL,
      CHECK ((origin = 'send') = (source_turn_id IS NULL))
    ) STRICT;
    CREATE INDEX turn_versions_by_parent ON turn_versions (session_id, parent_turn_id, created_at);
    ALTER TABLE sessions ADD COLUMN head_turn_id TEXT;  -- newest turn of the chosen path (NULL: no turn yet)
  `)
  linkExistingTurns(db)
}

/** Existing sessions were linear: each turn follows the one stored before it, the last is the head. */
function linkExistingTurns(db: Database.Database): void {
  const turns = db
    .prepare(
      'SELECT session_id, turn_id, MIN(id) AS first_id, MIN(created_at) AS created_at FROM messages GROUP BY session_id, turn_id ORDER BY session_id, first_id'
    )
    .all() as { session_id: string; turn_id: string; created_at: number }[]
  const insert = db.prepare(
    "INSERT INTO turn_versions (turn_id, session_id, parent_turn_id, origin, source_turn_id, created_at) VALUES (?, ?, ?, 'send', NULL, ?)"
  )
  const head = db.prepare('UPDATE sessions SET head_turn_id = ? WHERE id = ?')
  let previous: { session: string; turn: string } | null = null
  for (const turn of turns) {
    const parent = previous !== null && previous.session === turn.session_id ? previous.turn : null
    insert.run(turn.turn_id, turn.session_id, parent, turn.created_at)
    head.run(turn.turn_id, turn.session_id)
    previous = { session: turn.session_id, turn: turn.turn_id }
  }
}
