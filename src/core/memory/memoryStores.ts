import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import type { Transcripts } from '../ports/transcripts'
import { FactStore } from './factStore'
import { RecallLog } from './recallLog'
import { ReceiptStore } from './receiptStore'

/** The memory feature's tables, each behind one repository, opened once by the composition root. */
export interface MemoryStores {
  /** The memory bank: candidate and approved facts with their history. */
  readonly facts: FactStore
  /** One receipt per memory-tool write to MEMORY.md / USER.md (what Undo reverses). */
  readonly receipts: ReceiptStore
  /** What recall put in front of the model, per turn. */
  readonly recalls: RecallLog
}

/** `transcripts` places a fact's quote in its chat (title, message number): chat owns those tables. */
export function openMemoryStores(
  db: Db,
  clock: Clock,
  transcripts: Pick<Transcripts, 'provenance'>
): MemoryStores {
  return {
    facts: new FactStore(
      db,
      () => clock.now(),
      (sessionId, messageId) => transcripts.provenance(sessionId, messageId)
    ),
    receipts: new ReceiptStore(db),
    recalls: new RecallLog(db)
  }
}
