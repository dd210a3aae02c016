import type Database from 'better-sqlite3'
import { sha256Hex } from '../nexusHash'

/**
 * The log in the one order every device builds (first written, then device, then the device's
 * own counter) as a hash of its entry ids: two homes that hold the same entries give the same
 * hash, whatever order they merged them in. For tests, the bench and a quick comparison by hand.
 */
export function mergedViewHash(db: Database.Database): { count: number; hash: string } {
  const ids = db
    .prepare('SELECT id FROM nexus_entries ORDER BY coalesce(original_at, created_at), origin, origin_seq')
    .pluck()
    .all()
    .map(String)
  return { count: ids.length, hash: sha256Hex(ids.join('\n')) }
}
