import type Database from 'better-sqlite3'
import type { NexusEntryType } from '../../shared/contract/nexus'
import { parseRefs } from './nexusRows'

/** What decides whether an entry asks `author` for an acknowledgement. */
export interface OwedRule {
  readonly author: string
  /** Entry types that ask every other member to acknowledge them. */
  readonly types: readonly NexusEntryType[]
  /** Entries at or below this seq were written before acknowledgements began. */
  readonly fromSeq: number
  /** Epoch ms the member joined: older entries await nothing from it. */
  readonly sinceMs: number
}

/** One member's unacknowledged entries as of `scannedTo`, oldest first (a Set keeps insertion order). */
interface Owed {
  readonly rule: string
  scannedTo: number
  readonly seqs: Set<number>
}

/**
 * What each member owes, kept between turns: built once from the log, then brought up to date
 * from the rows appended since (by this process or any other). The log is append-only, so an
 * entry starts owing when it is appended and stops when the member's ack of it is: a turn reads
 * the handful of new rows instead of every decision of the year. Dismissals are not part of it:
 * the caller filters them, fresh on every read.
 */
export class AckLedger {
  private readonly owed = new Map<string, Owed>()

  constructor(private readonly db: Database.Database) {}

  /**
   * The seqs `rule.author` has not acknowledged, oldest first, as the ledger's own set (read it,
   * never change it): a turn's block shows the first few and a count, and copying a year of
   * owed seqs at every turn cost more than keeping them.
   */
  owedBy(rule: OwedRule): ReadonlySet<number> {
    const key = `${rule.types.join(',')}|${rule.fromSeq}|${rule.sinceMs}`
    const known = this.owed.get(rule.author)
    const owed = known?.rule === key ? known : this.build(rule, key)
    this.owed.set(rule.author, owed)
    this.catchUp(rule, owed)
    return owed.seqs
  }

  /**
   * Everything owed up to the current tail, with two reads of index entries alone (named: with
   * a year's statistics the planner would rather read every row by its key).
   */
  private build(rule: OwedRule, key: string): Owed {
    const tail = this.db.prepare('SELECT COALESCE(MAX(seq), 0) FROM nexus_entries').pluck().get() as number
    const newestAck = new Map<number, number>()
    const acks = this.db
      .prepare(
        `SELECT r.value, MAX(a.seq) FROM nexus_entries a INDEXED BY nexus_entries_acks, json_each(a.refs) r
         WHERE a.type = 'ack' AND a.agent = ? AND a.seq <= ? GROUP BY r.value`
      )
      .raw()
      .all(rule.author, tail) as unknown[][]
    for (const [ref, ack] of acks)
      if (typeof ref === 'number' && typeof ack === 'number') newestAck.set(ref, ack)
    const seqs = this.db
      .prepare(
        `SELECT seq FROM nexus_entries INDEXED BY nexus_entries_asking
         WHERE type IN (${rule.types.map(() => '?').join(',')}) AND seq > ? AND seq <= ? AND agent <> ? AND created_at >= ?
         ORDER BY seq`
      )
      .pluck()
      .all(...rule.types, rule.fromSeq, tail, rule.author, rule.sinceMs) as number[]
    // Acknowledged: an ack by the member, written after the entry, names it.
    const owing = seqs.filter((seq) => !((newestAck.get(seq) ?? -Infinity) > seq))
    return { rule: key, scannedTo: tail, seqs: new Set(owing) }
  }

  /** Applies the rows appended after `scannedTo`: new entries that ask, and the member's new acks. */
  private catchUp(rule: OwedRule, owed: Owed): void {
    const rows = this.db
      .prepare('SELECT seq, type, agent, created_at, refs FROM nexus_entries WHERE seq > ? ORDER BY seq')
      .raw()
      .all(owed.scannedTo) as [number, NexusEntryType, string, number, string][]
    for (const [seq, type, agent, createdAt, refs] of rows) {
      if (type === 'ack' && agent === rule.author) {
        for (const ref of parseRefs(refs)) if (ref < seq) owed.seqs.delete(ref)
      } else if (
        rule.types.includes(type) &&
        seq > rule.fromSeq &&
        agent !== rule.author &&
        createdAt >= rule.sinceMs
      ) {
        owed.seqs.add(seq)
      }
      owed.scannedTo = seq
    }
  }
}
