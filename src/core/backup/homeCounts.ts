import { chatCounts } from '../chat/store/chatCounts'
import type { Db } from '../node/db/openDatabase'

/** What a home's database holds, counted for a backup's manifest and a restore's report. */
export function homeCounts(db: Db): Record<string, number> {
  const count = (sql: string): number => Number(db.prepare(sql).pluck().get() ?? 0)
  return {
    agents: count('SELECT count(*) FROM agents'),
    ...chatCounts(db),
    facts: count("SELECT count(*) FROM memory_facts WHERE status = 'approved'"),
    candidates: count("SELECT count(*) FROM memory_facts WHERE status = 'pending'"),
    nexusEntries: count('SELECT count(*) FROM nexus_entries'),
    imports: count('SELECT count(*) FROM import_runs')
  }
}
