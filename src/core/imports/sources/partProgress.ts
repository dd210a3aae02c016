import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { SourceEvent } from '../importTypes'
import { openForeignDatabase } from '../sourceText'

/**
 * Progress through a home folder, counted in parts (a file or folder read whole, one chat) against
 * the total its reader measured before reading: a folder has no single byte count to follow.
 */
export class PartCounter {
  private done = 0

  next(): SourceEvent {
    this.done += 1
    return { kind: 'progress', done: this.done }
  }

  /** One part done, when `rel` is there (a file the reader looked for and found). */
  *ifPresent(root: string, rel: string): Generator<SourceEvent> {
    if (existsSync(join(root, rel))) yield this.next()
  }

  /** Passes a reader's events on, one part done with each chat read or left out. */
  *sessions(events: Iterable<SourceEvent>): Generator<SourceEvent> {
    for (const event of events) {
      yield event
      if (event.kind === 'session' || (event.kind === 'skip' && event.itemKind === 'session'))
        yield this.next()
    }
  }
}

/** How many of these files or folders are under root. */
export function presentCount(root: string, rels: readonly string[]): number {
  return rels.filter((rel) => existsSync(join(root, rel))).length
}

/** Distinct values of one column of another runtime's database (read-only); none when the file is not there. */
export function foreignIds(
  file: string,
  label: string,
  table: string,
  column: string,
  what: string
): string[] {
  if (!existsSync(file)) return []
  const db = openForeignDatabase(file, label, table, what)
  try {
    return (db.prepare(`SELECT DISTINCT ${column} FROM ${table}`).pluck().all() as unknown[]).map(String)
  } finally {
    db.close()
  }
}
