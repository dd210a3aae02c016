import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { openDatabase, type Db } from '../openDatabase'

/** A real, migrated hearth.db in a fresh temporary folder for each test of the file, removed after it. */
export interface TempDatabase {
  readonly db: Db
  readonly file: string
}

export function useTempDatabase(prefix: string): () => TempDatabase {
  let current: { db: Db; dir: string } | undefined
  beforeEach(() => {
    const dir = mkdtempSync(join(tmpdir(), `hearth-${prefix}-`))
    current = { db: openDatabase(join(dir, 'hearth.db')), dir }
  })
  afterEach(() => {
    current?.db.close()
    if (current) rmSync(current.dir, { recursive: true, force: true })
    current = undefined
  })
  return () => {
    if (current === undefined) throw new Error('useTempDatabase: only inside a test')
    return { db: current.db, file: join(current.dir, 'hearth.db') }
  }
}
