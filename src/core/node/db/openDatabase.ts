import Database from 'better-sqlite3'
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs'
import { HearthError } from '../../errors'
import { PRIVATE_FILE_MODE } from '../../home/privateFiles'
import { migrate } from './migrate'
import { MIGRATIONS } from './migrations'

export type Db = Database.Database

export interface OpenOptions {
  readonly nativeBinding?: string
  /** The home cannot be written: open what is there without changing anything (no migration). */
  readonly readOnly?: boolean
}

/**
 * SQLite's page cache for the one connection (KiB; it fills only as pages are read). A year's
 * database is gigabytes: with the 16 MiB default, a turn's search and the upkeep between turns
 * pushed the chat's own pages out, and the next turn read them from the file again.
 */
const PAGE_CACHE_KIB = 64 * 1024

/**
 * Opens hearth.db with the pragmas the whole app relies on (the only place pragmas live):
 * WAL so the app, CLI processes and MCP clients can read while one writes; a busy timeout so
 * concurrent writers queue instead of failing; foreign keys on; a page cache sized for a year's
 * home. Migrates before returning.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (options.readOnly) return openReadOnly(file, options)
  // Created owner-only before SQLite opens it: SQLite gives its -wal and -shm files the same mode.
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  // First: switching a new file to WAL needs a moment alone with it while other processes may open it too.
  db.pragma('busy_timeout = 10000')
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('synchronous = NORMAL')
  db.pragma(`cache_size = -${PAGE_CACHE_KIB}`)
  migrate(db)
  return db
}

/**
 * A database nobody may write. SQLite can read a WAL database in a folder it cannot write only
 * while the -shm file exists; otherwise (a cleanly closed database, all in the main file) its
 * bytes are read into memory. Either way every write fails with SQLITE_READONLY.
 */
function openReadOnly(file: string, options: OpenOptions): Db {
  const binding = options.nativeBinding ? { nativeBinding: options.nativeBinding } : {}
  if (!existsSync(file)) return withReadOnlyPragmas(emptySchema(binding))
  let db: Db
  try {
    db = new Database(file, { ...binding, readonly: true, fileMustExist: true })
    db.prepare('SELECT count(*) FROM sqlite_master').get()
  } catch {
    db = new Database(asRollbackJournal(readFileSync(file)), { ...binding, readonly: true })
  }
  assertCurrentSchema(db, file)
  return withReadOnlyPragmas(db)
}

/** An in-memory database's header must not claim WAL (bytes 18–19 are 2 in WAL mode, 1 otherwise). */
function asRollbackJournal(bytes: Buffer): Buffer {
  if (bytes.length >= 20 && bytes[18] === 2 && bytes[19] === 2) {
    bytes[18] = 1
    bytes[19] = 1
  }
  return bytes
}

/** A home with no database yet reads as empty (the current schema, opened read-only like a real file). */
function emptySchema(binding: { nativeBinding?: string }): Db {
  const scratch = new Database(':memory:', binding)
  migrate(scratch)
  const bytes = scratch.serialize()
  scratch.close()
  return new Database(bytes, { ...binding, readonly: true })
}

/** Temporary tables (recall's vocabulary views) stay writable; the database itself never is. */
function withReadOnlyPragmas(db: Db): Db {
  db.pragma('foreign_keys = ON')
  return db
}

function assertCurrentSchema(db: Db, file: string): void {
  const version = db.pragma('user_version', { simple: true }) as number
  const latest = MIGRATIONS.at(-1)?.version ?? 0
  if (version === latest) return
  if (version > latest) migrate(db)
  throw new HearthError(
    'conflict',
    `This Hearth home is read-only and its database (${file}) has schema version ${version}; this Hearth needs ${latest}. Open it once where it can be written to update it.`
  )
}
