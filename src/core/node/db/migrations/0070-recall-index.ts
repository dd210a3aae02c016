import type Database from 'better-sqlite3'

/** The kinds per-turn recall searches; kept in step with `RECALL_KINDS` in the knowledge search. */
const RECALL_KINDS = "('fact', 'memory_file')"

/**
 * A word index of the knowledge items recall may return (facts and memory files) beside the
 * index of everything. Recall searched the whole index and checked each match's kind: in a
 * year's home nine matches in ten were chat messages, every one of them looked up to be thrown
 * away, and the budget of matches a query may cost was spent on them, so recall kept one or two
 * words of a message. This index holds a tenth of the items; its counts are the facts' own.
 * It shares the items' text (external content), so it costs only its own terms.
 */
export function up(db: Database.Database): void {
  db.exec(`
    CREATE VIRTUAL TABLE knowledge_recall_fts USING fts5 (
      heading, text, content = 'knowledge_items', content_rowid = 'id',
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    CREATE TRIGGER knowledge_recall_ai AFTER INSERT ON knowledge_items WHEN new.kind IN ${RECALL_KINDS} BEGIN
      INSERT INTO knowledge_recall_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END;
    CREATE TRIGGER knowledge_recall_ad AFTER DELETE ON knowledge_items WHEN old.kind IN ${RECALL_KINDS} BEGIN
      INSERT INTO knowledge_recall_fts (knowledge_recall_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
    END;
    CREATE TRIGGER knowledge_recall_au AFTER UPDATE OF heading, text ON knowledge_items WHEN new.kind IN ${RECALL_KINDS} BEGIN
      INSERT INTO knowledge_recall_fts (knowledge_recall_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      INSERT INTO knowledge_recall_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
    END;
    INSERT INTO knowledge_recall_fts (rowid, heading, text)
      SELECT id, heading, text FROM knowledge_items WHERE kind IN ${RECALL_KINDS};
  `)
}
