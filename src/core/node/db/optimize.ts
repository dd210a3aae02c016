import type { Db } from './openDatabase'

/**
 * Rows ANALYZE samples per index: enough for the planner's estimates, and it bounds the work
 * however large the home grows (SQLite's own advice for `PRAGMA optimize`).
 */
const ANALYSIS_LIMIT = 400

/**
 * SQLite's planner statistics kept current: `PRAGMA optimize` runs ANALYZE only on the tables
 * this connection used whose statistics are missing or stale (row counts that moved tenfold), each
 * sampled, so on a year's home it costs tens of milliseconds once and a fraction of one after that.
 * Incremental vacuum is left out: it needs `auto_vacuum` chosen before the tables existed (turning
 * it on later rewrites the whole file), and the log appends far more than it frees.
 */
export function optimizeDatabase(db: Db): void {
  db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`)
  db.pragma('optimize')
}
