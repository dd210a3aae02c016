import { ImportReport, type ImportRunView } from '../../shared/contract'
import type { Db } from '../node/db/openDatabase'
import { readRows } from '../node/db/rowReader'

/** Every committed import, newest first, with the report it ended with. */
export function importRuns(db: Db): ImportRunView[] {
  const rows = db.prepare('SELECT * FROM import_runs ORDER BY finished_at DESC, id').all()
  return readRows(rows, 'import_runs', (row) => ({
    id: row.text('id'),
    source: row.oneOf('source', ['hermes', 'openclaw', 'chatgpt', 'claude', 'hearth'] as const),
    path: row.text('path'),
    agentId: row.agentId('agent_id'),
    finishedAtMs: row.int('finished_at'),
    report: ImportReport.parse(row.json('report'))
  }))
}
