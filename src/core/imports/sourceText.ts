import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { normaliseText } from '../memory/memoryEntries'
import { readTextFile } from '../home/readText'
import { ImportFileError } from './importTypes'

/**
 * A text file of the source home, normalised (BOM, CRLF), or null when it is not there. One that
 * is there but unreadable (binary, not UTF-8, huge) stops the import with its name: better than
 * importing half of someone's memory.
 */
export function sourceText(file: string, label: string): string | null {
  if (!existsSync(file)) return null
  const read = readTextFile(file)
  if (!read.ok) throw new ImportFileError(label, null, read.reason.replace(file, label))
  return normaliseText(read.text)
}

/** Another runtime's SQLite database, opened read-only; one that is not (or not that runtime's) stops the import. */
export function openForeignDatabase(
  file: string,
  label: string,
  table: string,
  what: string
): Database.Database {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true })
    db.prepare(`SELECT count(*) FROM ${table}`).get()
    return db
  } catch (error) {
    throw new ImportFileError(label, null, `${label} is not ${what}: ${(error as Error).message}`)
  }
}
