import { writeTransaction } from '../node/db/writeTransaction'
import type { SessionId } from '../../shared/contract'
import { RecalledKind, type MemoryRecalled, type RecalledItem } from '../../shared/contract/memory'
import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'

/**
 * What per-turn recall added to each user message, kept so the "recalled this turn" chip
 * survives a reload and shows in every host. Only the items (ids, text as recalled, scores) are
 * stored; the fenced block the model read is rebuilt per call and never written anywhere.
 */
export class RecallLog {
  constructor(private readonly db: Db) {}

  /**
   * Stores one turn's recall. A turn that recalled nothing is not stored (the chip shows nothing
   * either way). Recording the same turn and provider again replaces the earlier record, so a
   * retried turn never shows two chips.
   */
  record(recalled: MemoryRecalled): void {
    if (recalled.items.length === 0) return
    writeTransaction(this.db, () => {
      this.db
        .prepare('DELETE FROM memory_recalls WHERE turn_id = ? AND provider = ?')
        .run(recalled.turnId, recalled.provider)
      const { lastInsertRowid } = this.db
        .prepare(
          'INSERT INTO memory_recalls (agent_id, session_id, turn_id, turn_index, provider, at) VALUES (?, ?, ?, ?, ?, ?)'
        )
        .run(
          recalled.agentId,
          recalled.sessionId,
          recalled.turnId,
          recalled.turnIndex,
          recalled.provider,
          recalled.atMs
        )
      const insertItem = this.db.prepare(
        'INSERT INTO memory_recall_items (recall_id, position, kind, fact_id, slug, text, score) VALUES (?, ?, ?, ?, ?, ?, ?)'
      )
      recalled.items.forEach((item, position) =>
        insertItem.run(lastInsertRowid, position, item.kind, item.factId, item.slug, item.text, item.score)
      )
    })()
  }

  /** Memory's part of deleting a chat for good: its turns' recalls (their items cascade). */
  forgetSession(sessionId: SessionId): void {
    this.db.prepare('DELETE FROM memory_recalls WHERE session_id = ?').run(sessionId)
  }

  /** The session's recalls, oldest turn first, each with its items best first. */
  listBySession(sessionId: SessionId): MemoryRecalled[] {
    const recalls = this.db
      .prepare('SELECT * FROM memory_recalls WHERE session_id = ? ORDER BY turn_index, id')
      .all(sessionId)
    if (recalls.length === 0) return []
    const items = this.db
      .prepare(
        `SELECT i.recall_id, i.kind, i.fact_id, i.slug, i.text, i.score FROM memory_recall_items i
         JOIN memory_recalls r ON r.id = i.recall_id WHERE r.session_id = ? ORDER BY i.recall_id, i.position`
      )
      .all(sessionId)
    const byRecall = new Map<number, RecalledItem[]>()
    for (const { recallId, item } of readRows(items, 'memory_recall_items', toItem))
      byRecall.set(recallId, [...(byRecall.get(recallId) ?? []), item])
    return readRows(recalls, 'memory_recalls', (row) => ({
      agentId: row.agentId('agent_id'),
      sessionId: row.sessionId('session_id'),
      turnId: row.turnId('turn_id'),
      turnIndex: row.int('turn_index'),
      provider: row.text('provider'),
      items: byRecall.get(row.int('id')) ?? [],
      atMs: row.int('at')
    }))
  }
}

function toItem(row: RowReader): { recallId: number; item: RecalledItem } {
  return {
    recallId: row.int('recall_id'),
    item: {
      kind: row.oneOf('kind', RecalledKind.options),
      factId: row.intOrNull('fact_id'),
      slug: row.textOrNull('slug'),
      text: row.text('text'),
      score: row.real('score')
    }
  }
}
