import type Database from 'better-sqlite3'
import type { NexusEntry, NexusEntryType } from '../../shared/contract/nexus'
import type { NexusAcksPage, NexusAckStatus } from '../../shared/contract/nexusTeam'
import { invalidInput } from '../errors'
import { readRows } from '../node/db/rowReader'
import type { Clock } from '../ports/clock'
import { AckLedger } from './ackLedger'
import { AckRefs } from './ackRefs'
import { LOG_READER, type NexusMarks } from './nexusMarks'
import type { SqliteNexusRepository } from './nexusRepository'

/** Entry types that ask every other member to acknowledge them. */
export const ASKS_FOR_ACK: readonly NexusEntryType[] = ['decision', 'handoff']

/** Entries per page of `status` when the caller names none. */
const ACKS_PAGE = 100

/** Which entries `status` describes: the given seqs, or a page of the awaited ones. */
export interface AcksQuery {
  readonly seqs?: readonly number[] | undefined
  readonly limit?: number | undefined
  readonly after?: number | undefined
}

/** The `limit` seqs after `after` in `sorted`, and the cursor for the rest (null at the end). */
function pageAfter(sorted: readonly number[], query: AcksQuery): { seqs: number[]; next: number | null } {
  const limit = query.limit ?? ACKS_PAGE
  const after = query.after ?? 0
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >> 1
    if ((sorted[mid] ?? 0) <= after) low = mid + 1
    else high = mid
  }
  const seqs = sorted.slice(low, low + limit)
  return { seqs, next: low + limit < sorted.length ? (seqs.at(-1) ?? null) : null }
}

/** Someone who owes acknowledgements: a Hearth agent or a bound member, from when it joined. */
export interface AckMember {
  readonly author: string
  /** Epoch ms: entries older than this were there before it joined and await nothing from it. */
  readonly since: number
}

/**
 * Acknowledgements. A decision or handoff awaits an `ack` entry (referencing it) from every
 * other member who was there when it was written, until that member posts one or the user
 * excuses it. Nothing moves past an unacknowledged entry: it stays in the member's per-turn
 * block however much else is written.
 */
export class NexusAcks {
  private readonly dismissStatement: Database.Statement
  private readonly dismissedStatement: Database.Statement
  private readonly ledger: AckLedger
  private readonly ackRefs: AckRefs

  constructor(
    private readonly db: Database.Database,
    private readonly repository: SqliteNexusRepository,
    private readonly marks: NexusMarks,
    private readonly clock: Clock,
    private readonly members: () => readonly AckMember[]
  ) {
    this.ledger = new AckLedger(db)
    this.ackRefs = new AckRefs(db)
    this.dismissStatement = db.prepare(
      'INSERT OR IGNORE INTO nexus_ack_dismissals (member, seq, dismissed_at) VALUES (?, ?, ?)'
    )
    this.dismissedStatement = db.prepare('SELECT seq FROM nexus_ack_dismissals WHERE member = ?').pluck()
  }

  /** What `author` still owes an acknowledgement for, oldest first. */
  awaiting(author: string): NexusEntry[] {
    return this.repository.get(this.awaitingSeqs(author))
  }

  /**
   * The oldest `limit` of what `author` owes an acknowledgement for, and how many it owes in all
   * (the per-turn block shows a page; a year of decisions would not fit in a prompt).
   */
  awaitingPage(author: string, limit: number): { entries: NexusEntry[]; total: number } {
    const owed = this.owed(author)
    const dismissed = this.dismissed(author)
    const page: number[] = []
    for (const seq of owed) {
      if (page.length >= limit) break
      if (!dismissed.has(seq)) page.push(seq)
    }
    let total = owed.size
    for (const seq of dismissed) if (owed.has(seq)) total--
    return { entries: this.repository.get(page), total }
  }

  /** The seqs `author` owes, oldest first, less those the user excused it from. */
  private awaitingSeqs(author: string): number[] {
    const dismissed = this.dismissed(author)
    return [...this.owed(author)].filter((seq) => !dismissed.has(seq))
  }

  /** What the ledger says `author` owes (excused ones included), oldest first. */
  private owed(author: string): ReadonlySet<number> {
    const member = this.members().find((candidate) => candidate.author === author)
    return this.ledger.owedBy({
      author,
      types: ASKS_FOR_ACK,
      fromSeq: this.from(),
      sinceMs: member?.since ?? 0
    })
  }

  private dismissed(author: string): Set<number> {
    return new Set(this.dismissedStatement.all(author) as number[])
  }

  /**
   * Where entries stand: the given ones, or a page (oldest first, after the seq `after`) of the
   * entries someone still owes an ack for; with every member's count and how many await anyone.
   */
  status(query: AcksQuery = {}): NexusAcksPage {
    const members = this.members()
    // Read in place (a year's members owe tens of thousands each): counted, and merged once.
    const awaited = new Set<number>()
    const owed = members.map((member) => {
      const dismissed = this.dismissed(member.author)
      let count = 0
      for (const seq of this.owed(member.author))
        if (!dismissed.has(seq)) {
          count++
          awaited.add(seq)
        }
      return { member: member.author, count }
    })
    const page = query.seqs
      ? { seqs: query.seqs, next: null }
      : pageAfter(
          [...awaited].sort((a, b) => a - b),
          query
        )
    const entries = this.repository.get(page.seqs).filter((entry) => this.asksForAck(entry))
    return {
      members: members.map((member) => member.author),
      entries: entries.map((entry) => this.of(entry, members)),
      owed,
      total: awaited.size,
      next: page.next
    }
  }

  /**
   * The same answer, with what each member owes brought up to date one member at a time, giving
   * the thread back between them: the first read of a host builds every member's ledger from a
   * year of decisions (a few hundred ms), and calls that arrive meanwhile (a view opening) are
   * answered between two members instead of after all of them.
   */
  async statusInSteps(query: AcksQuery = {}): Promise<NexusAcksPage> {
    for (const member of this.members()) {
      this.owed(member.author)
      await new Promise((resolve) => setImmediate(resolve))
    }
    return this.status(query)
  }

  /** The user excuses `member` from acknowledging entry `seq`. */
  dismiss(member: string, seq: number): NexusAckStatus {
    const entry = this.repository.get([seq])[0]
    if (!entry || !this.asksForAck(entry))
      throw invalidInput(
        `#${seq} is not an entry that awaits acknowledgement (a decision or handoff since acknowledgements began)`
      )
    this.dismissStatement.run(member, seq, this.clock.now())
    return this.of(entry, this.members())
  }

  private from(): number {
    return this.marks.get(LOG_READER, 'acks-from') ?? 0
  }

  private asksForAck(entry: NexusEntry): boolean {
    return ASKS_FOR_ACK.includes(entry.type) && entry.seq > this.from()
  }

  private of(entry: NexusEntry, members: readonly AckMember[]): NexusAckStatus {
    const acks = this.ackRefs.of(entry.seq)
    const dismissed = new Set(
      readRows(
        this.db.prepare('SELECT member FROM nexus_ack_dismissals WHERE seq = ?').all(entry.seq),
        'nexus_ack_dismissals',
        (row) => row.text('member')
      )
    )
    const acked = new Map<string, number>()
    for (const ack of acks) if (!acked.has(ack.member)) acked.set(ack.member, ack.ackSeq)
    const owing = members.filter(
      (member) => member.author !== entry.agent && member.since <= entry.ts && !acked.has(member.author)
    )
    return {
      seq: entry.seq,
      author: entry.agent,
      acked: [...acked].map(([member, ackSeq]) => ({ member, ackSeq })),
      awaiting: owing.filter((member) => !dismissed.has(member.author)).map((member) => member.author),
      dismissed: [...dismissed].filter((member) => !acked.has(member))
    }
  }
}
