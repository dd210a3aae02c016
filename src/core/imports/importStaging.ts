import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { ImportedTurn } from '../chat/store/importedSessions'
import type { TurnId } from '../../shared/contract'

/** A conversation read and checked, waiting to be written: its turns already built. */
export interface StagedSession {
  readonly hash: string
  readonly ref: string
  readonly title: string
  readonly model: string
  readonly startedAtMs: number
  readonly updatedAtMs: number
  readonly turns: readonly ImportedTurn[]
  readonly headTurnId: TurnId | null
}

/**
 * Conversations between reading and writing, in a scratch SQLite file beside the home: a large
 * export is read (slowly, streamed) into it first, so the home's database is written in one short
 * transaction at the end, and memory holds one conversation at a time, never the whole export.
 */
export class ImportStaging {
  private readonly db: Database.Database
  private readonly insert
  private count = 0

  constructor(private readonly dir: string) {
    this.db = new Database(join(dir, 'staging.db'))
    this.db.pragma('journal_mode = OFF')
    this.db.pragma('synchronous = OFF')
    this.db.exec('CREATE TABLE staged (n INTEGER PRIMARY KEY, body TEXT NOT NULL)')
    this.insert = this.db.prepare('INSERT INTO staged (body) VALUES (?)')
  }

  static open(parent: string): ImportStaging {
    return new ImportStaging(mkdtempSync(join(parent, '.import-')))
  }

  get folder(): string {
    return this.dir
  }

  get size(): number {
    return this.count
  }

  add(session: StagedSession): void {
    this.insert.run(JSON.stringify(session))
    this.count += 1
  }

  *sessions(): Generator<StagedSession> {
    for (const body of this.db.prepare('SELECT body FROM staged ORDER BY n').pluck().iterate())
      yield JSON.parse(body as string) as StagedSession
  }

  dispose(): void {
    this.db.close()
    rmSync(this.dir, { recursive: true, force: true })
  }
}
