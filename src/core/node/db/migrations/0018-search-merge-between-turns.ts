import type Database from 'better-sqlite3'

/** The transcript's two full-text indexes (words, and trigrams for substrings). */
const TRANSCRIPT_INDEXES = ['messages_fts', 'messages_fts_trigram'] as const

/**
 * The transcript's search indexes stop merging their segments inside the commit that adds a
 * message. Left to FTS5's automatic merging, every 64th message waited 2–3 ms for a merge, every
 * 256th 6–12 ms and every 1024th 20–30 ms; the chat merges them between turns instead, while
 * nobody waits (`MessageRepository.maintainBetweenTurns`). FTS5's crisis merge still bounds the
 * segments of a level for writers that never pause (16 by default). The setting is stored in
 * each index's config table, so it holds for every process that opens the home.
 */
export function up(db: Database.Database): void {
  for (const index of TRANSCRIPT_INDEXES)
    db.prepare(`INSERT INTO ${index} (${index}, rank) VALUES ('automerge', 0)`).run()
}
