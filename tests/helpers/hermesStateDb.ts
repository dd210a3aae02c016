import Database from 'better-sqlite3'

/**
 * Writes a Hermes `state.db` with the columns of its published `hermes_state` schema that the
 * importer reads, plus some it ignores (Hermes's schema has many more; it grew by adding columns).
 * Times are REAL seconds, as Hermes stores them.
 */
export function writeHermesStateDb(file: string): void {
  const db = new Database(file)
  db.exec(`
    CREATE TABLE schema_version (version INTEGER NOT NULL);
    INSERT INTO schema_version VALUES (30);
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY, source TEXT NOT NULL, user_id TEXT, model TEXT, model_config TEXT,
      system_prompt TEXT, parent_session_id TEXT, started_at REAL NOT NULL, ended_at REAL,
      end_reason TEXT, message_count INTEGER DEFAULT 0, tool_call_count INTEGER DEFAULT 0,
      input_tokens INTEGER DEFAULT 0, output_tokens INTEGER DEFAULT 0, cwd TEXT, title TEXT,
      archived INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id),
      role TEXT NOT NULL, content TEXT, tool_call_id TEXT, tool_calls TEXT, tool_name TEXT,
      timestamp REAL NOT NULL, token_count INTEGER, finish_reason TEXT, reasoning TEXT,
      active INTEGER NOT NULL DEFAULT 1, compacted INTEGER NOT NULL DEFAULT 0
    );
  `)
  const session = db.prepare(
    "INSERT INTO sessions (id, source, model, system_prompt, started_at, ended_at, title) VALUES (?, 'cli', ?, 'You are Hermes Agent…', ?, ?, ?)"
  )
  const message = db.prepare(
    'INSERT INTO messages (session_id, role, content, tool_call_id, tool_calls, tool_name, timestamp, active) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
  )
  // 2025-03-04 09:00:00 UTC and a few seconds after.
  const t0 = 1741078800
  session.run('20250304_090000_abc123', 'anthropic/claude-sonnet-4', t0, t0 + 120, 'Borealis staging check')
  message.run('20250304_090000_abc123', 'system', 'You are Hermes Agent…', null, null, null, t0, 1)
  message.run('20250304_090000_abc123', 'user', 'Is borealis-stg healthy?', null, null, null, t0 + 1.5, 1)
  const calls = JSON.stringify([
    {
      id: 'call_1',
      type: 'function',
      function: { name: 'terminal', arguments: '{"command":"curl -fsS https://borealis-stg/health"}' }
    }
  ])
  message.run(
    '20250304_090000_abc123',
    'assistant',
    'Checking the health endpoint.',
    null,
    calls,
    null,
    t0 + 3,
    1
  )
  message.run(
    '20250304_090000_abc123',
    'tool',
    '{"status":"ok","db":"postgres 16"}',
    'call_1',
    null,
    'terminal',
    t0 + 4,
    1
  )
  message.run(
    '20250304_090000_abc123',
    'assistant',
    'borealis-stg is healthy; PostgreSQL 16 answers.',
    null,
    null,
    null,
    t0 + 5,
    1
  )
  message.run('20250304_090000_abc123', 'user', 'an old message compacted away', null, null, null, t0 + 6, 0)
  session.run('20250305_100000_def456', 'anthropic/claude-sonnet-4', t0 + 86400, null, null)
  message.run(
    '20250305_100000_def456',
    'user',
    'Remind me what day the lab runs experiments.',
    null,
    null,
    null,
    t0 + 86401,
    1
  )
  message.run('20250305_100000_def456', 'assistant', 'Tuesdays.', null, null, null, t0 + 86402, 1)
  db.close()
}
