import type Database from 'better-sqlite3'
import { HearthError } from '../../errors'
import { MIGRATIONS, type Migration } from './migrations'
import { writeTransaction } from './writeTransaction'

/**
 * Brings the database to the newest schema. `user_version` holds the number of the last applied
 * migration; all pending migrations and the version bump run in ONE immediate transaction, so a
 * crash leaves the database at the old version, never half-migrated. A database written by a newer
 * Hearth is refused rather than silently misread.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly Migration[] = MIGRATIONS
): { from: number; to: number } {
  assertStrictlyIncreasing(migrations)
  const latest = migrations.at(-1)?.version ?? 0
  const before = schemaVersion(db, latest)
  if (pendingMigrations(db, migrations, before).length === 0) return { from: before, to: before }
  // Another process may be opening the same new home right now: decide again under the write lock.
  let applied = { from: before, to: before }
  withoutForeignKeys(db, () =>
    writeTransaction(db, () => {
      const current = schemaVersion(db, latest)
      const pending = pendingMigrations(db, migrations, current)
      if (pending.length === 0) return
      for (const migration of pending) migration.up(db)
      assertForeignKeysHold(db)
      db.pragma(`user_version = ${latest}`)
      applied = { from: current, to: latest }
    })()
  )
  return applied
}

/** The stored schema version; a database written by a newer Hearth is refused. */
function schemaVersion(db: Database.Database, latest: number): number {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > latest) {
    throw new HearthError(
      'conflict',
      `This database (${db.name}) has schema version ${current}, newer than this Hearth understands (${latest}). ` +
        'Update Hearth, or point HEARTH_HOME at another folder.'
    )
  }
  return current
}

/** A lower version registered after a database passed it is applied late, once. */
function pendingMigrations(
  db: Database.Database,
  migrations: readonly Migration[],
  current: number
): readonly Migration[] {
  return migrations.filter((m) => m.version > current || (m.isApplied !== undefined && !m.isApplied(db)))
}

/**
 * Foreign keys are off while migrations run, so a step can rebuild a table other tables point at
 * (SQLite's documented way to change a CHECK constraint: create, copy, drop, rename). The pragma
 * is a no-op inside a transaction, hence outside it; the check before commit keeps it honest.
 */
function withoutForeignKeys(db: Database.Database, work: () => void): void {
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1
  if (enforced) db.pragma('foreign_keys = OFF')
  try {
    work()
  } finally {
    if (enforced) db.pragma('foreign_keys = ON')
  }
}

function assertForeignKeysHold(db: Database.Database): void {
  const broken = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]
  const first = broken[0]
  if (first)
    throw new Error(
      `A migration left ${broken.length} row(s) pointing at missing rows (first: ${first.table} row ${first.rowid} → ${first.parent})`
    )
}

function assertStrictlyIncreasing(migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    const previous = i === 0 ? 0 : (migrations[i - 1] as Migration).version
    if (m.version <= previous) throw new Error(`Migration list broken at ${m.name}: versions must increase`)
  })
}
