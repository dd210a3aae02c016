import type Database from 'better-sqlite3'
import { parseRefs } from './nexusRows'

/** One acknowledgement of an entry: who wrote it and its seq. */
export interface AckRef {
  readonly member: string
  readonly ackSeq: number
}

/**
 * Which acks name each entry, kept between calls: read once from the log (the acks alone, from
 * their index's entries), then brought up to date from the rows appended since (by this process
 * or any other). The log is append-only, so nothing read ever changes. Asking about a hundred entries
 * is then a hundred map lookups, not a scan of every ack for each of them.
 */
export class AckRefs {
  private readonly byRef = new Map<number, AckRef[]>()
  private scannedTo: number | null = null

  constructor(private readonly db: Database.Database) {}

  /** The acks written after entry `seq` that name it, oldest first. */
  of(seq: number): readonly AckRef[] {
    this.catchUp()
    return (this.byRef.get(seq) ?? []).filter((ack) => ack.ackSeq > seq).sort((a, b) => a.ackSeq - b.ackSeq)
  }

  private catchUp(): void {
    if (this.scannedTo === null) {
      const tail = this.db.prepare('SELECT COALESCE(MAX(seq), 0) FROM nexus_entries').pluck().get() as number
      // In no order: sorting every ack would cost more than sorting the few of one entry when asked.
      // From migration 0066's index of the acks alone (named: the planner would read their rows).
      const acks = this.db
        .prepare(
          "SELECT seq, agent, refs FROM nexus_entries INDEXED BY nexus_entries_acks WHERE type = 'ack' AND seq <= ?"
        )
        .raw()
        .all(tail) as [number, string, string][]
      for (const [seq, agent, refs] of acks) this.add(seq, agent, refs)
      this.scannedTo = tail
    }
    const rows = this.db
      .prepare('SELECT seq, type, agent, refs FROM nexus_entries WHERE seq > ? ORDER BY seq')
      .raw()
      .all(this.scannedTo) as [number, string, string, string][]
    for (const [seq, type, agent, refs] of rows) {
      if (type === 'ack') this.add(seq, agent, refs)
      this.scannedTo = seq
    }
  }

  private add(seq: number, member: string, refs: string): void {
    for (const ref of new Set(parseRefs(refs))) {
      const list = this.byRef.get(ref)
      if (list) list.push({ member, ackSeq: seq })
      else this.byRef.set(ref, [{ member, ackSeq: seq }])
    }
  }
}
