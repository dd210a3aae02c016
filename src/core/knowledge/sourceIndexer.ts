import { writeTransaction } from '../node/db/writeTransaction'
import type { KnowledgeKind } from '../../shared/contract/knowledge'
import type { KeyedSource, SourceRecord } from '../ports/knowledgeSources'
import { chunkText } from './chunking'
import type { KnowledgeStore, OutboxKind, Piece } from './knowledgeStore'

/** The record's text as pieces: one, or chunks with overlap when it is long. */
export function piecesOfRecord(record: SourceRecord): Piece[] {
  const chunks = chunkText(record.text)
  return chunks.map((text, chunk) => ({
    chunk,
    audience: record.audience,
    agentId: record.agentId,
    sessionId: record.sessionId,
    messageId: record.messageId,
    nexusId: record.nexusId,
    seq: record.seq,
    path: null,
    ts: record.ts,
    title: chunks.length > 1 ? `${record.title} · part ${chunk + 1}` : record.title,
    heading: '',
    text
  }))
}

/**
 * Follows one keyed source (facts, messages or the Nexus) into the index, in two ways: the
 * outbox (keys the triggers noted as changed) and a build cursor that walks every record once,
 * for what was written before the index existed or after a reindex. Both survive a kill: the
 * cursor is saved with each page, and an outbox key is cleared with the pieces it produced.
 */
export class SourceIndexer {
  constructor(
    private readonly store: KnowledgeStore,
    readonly kind: KnowledgeKind,
    private readonly source: KeyedSource,
    /** Outbox kind, for sources with triggers; the Nexus is append-only and follows its cursor alone. */
    private readonly outbox: OutboxKind | null
  ) {}

  /** Indexes up to `limit` changed keys from the outbox; returns how many. */
  drainOutbox(limit: number): number {
    if (this.outbox === null) return 0
    const outbox = this.outbox
    const keys = this.store.pending(outbox, limit)
    if (keys.length === 0) return 0
    const records = this.source.read(keys)
    writeTransaction(this.store.db, () => {
      for (const key of keys) {
        const record = records.get(key) ?? null
        if (record === null) this.store.remove(this.kind, String(key))
        else this.store.replace(this.kind, String(key), piecesOfRecord(record))
        this.store.done(outbox, key)
      }
    })()
    return keys.length
  }

  /** Indexes the next page of the build; 0 once every record was seen (the Nexus keeps following). */
  buildStep(limit: number): number {
    const built = this.outbox !== null && this.store.state(`built.${this.kind}`) === '1'
    if (built) return 0
    const after = Number(this.store.state(`cursor.${this.kind}`) ?? '0')
    const records = this.source.after(after, limit)
    writeTransaction(this.store.db, () => {
      for (const record of records) this.store.replace(this.kind, String(record.key), piecesOfRecord(record))
      const last = records.at(-1)?.key
      if (last !== undefined) this.store.setState(`cursor.${this.kind}`, String(last))
      else if (this.outbox !== null) this.store.setState(`built.${this.kind}`, '1')
    })()
    return records.length
  }

  /** Whether the build still has records to walk (always false for a finished trigger-fed source). */
  building(): boolean {
    return this.outbox !== null && this.store.state(`built.${this.kind}`) !== '1'
  }
}
