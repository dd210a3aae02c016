import { McpServerDraft, type ImportProposalView } from '../../shared/contract'
import type { Db } from '../node/db/openDatabase'
import { readRows, type RowReader } from '../node/db/rowReader'

function view(row: RowReader): ImportProposalView {
  const draft = McpServerDraft.parse(row.json('payload'))
  return {
    id: row.int('id'),
    importId: row.text('import_id'),
    name: row.text('name'),
    target: draft.url !== '' ? draft.url : [draft.command, ...draft.args].join(' '),
    status: row.oneOf('status', ['pending', 'accepted', 'dismissed'] as const),
    envNames: Object.keys(draft.env).sort()
  }
}

/** The MCP servers one import proposed (or every import's, without an id). */
export function proposalViews(db: Db, importId?: string): ImportProposalView[] {
  const rows =
    importId === undefined
      ? db.prepare('SELECT * FROM import_proposals ORDER BY id').all()
      : db.prepare('SELECT * FROM import_proposals WHERE import_id = ? ORDER BY id').all(importId)
  return readRows(rows, 'import_proposals', view)
}

/** The server entry a proposal would add, once the user accepts it. */
export function proposalDraft(
  db: Db,
  id: number
): { view: ImportProposalView; draft: McpServerDraft } | undefined {
  const row = db.prepare('SELECT * FROM import_proposals WHERE id = ?').get(id)
  const [found] = readRows(row === undefined ? [] : [row], 'import_proposals', (r) => ({
    view: view(r),
    draft: McpServerDraft.parse(r.json('payload'))
  }))
  return found
}

export function decideProposal(db: Db, id: number, status: 'accepted' | 'dismissed', nowMs: number): void {
  db.prepare('UPDATE import_proposals SET status = ?, decided_at = ? WHERE id = ?').run(status, nowMs, id)
}
