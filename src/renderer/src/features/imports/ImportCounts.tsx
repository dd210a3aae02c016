import type { ReactNode } from 'react'
import type { ImportKind, ImportReport } from '../../../../shared/contract'

const KIND_LABELS: Readonly<Record<ImportKind, string>> = {
  persona: 'Persona',
  candidate: 'Memories (to review)',
  skill: 'Skills',
  session: 'Chats',
  message: 'Messages',
  mcp_server: 'MCP servers (proposed)',
  file: 'Files'
}

/** The report's counts per kind as a table, then what is left out and why: every number from the report. */
export function ImportCounts({ report }: Readonly<{ report: ImportReport }>): ReactNode {
  const rows = Object.entries(report.counts).filter(([, c]) => c.found + c.skipped > 0)
  const skipped = rows.reduce((sum, [, c]) => sum + c.skipped, 0)
  const verb = report.dryRun ? 'would add' : 'added'
  return (
    <div className="import-counts">
      <table className="import-counts__table" aria-label="What the import brings in">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Found</th>
            <th scope="col">New ({verb})</th>
            <th scope="col">Already here</th>
            <th scope="col">Skipped</th>
            <th scope="col">Blocked by the scanner</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([kind, c]) => (
            <tr key={kind} data-testid={`import-count-${kind}`}>
              <th scope="row">{KIND_LABELS[kind as ImportKind]}</th>
              <td>{c.found}</td>
              <td>{c.new}</td>
              <td>{c.existing}</td>
              <td>{c.skipped}</td>
              <td>{c.blocked}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {skipped > 0 && (
        <details className="import-skipped" data-testid="import-skipped">
          <summary>
            {skipped} item{skipped === 1 ? '' : 's'} left out, and why
          </summary>
          <ul>
            {report.skipped.map((s, i) => (
              <li key={`${s.ref}-${i}`}>
                <span className="mono">{s.ref}</span> ({KIND_LABELS[s.kind]}): {s.reason}
              </li>
            ))}
            {report.skipped.length < skipped && <li>… and {skipped - report.skipped.length} more</li>}
          </ul>
        </details>
      )}
      {report.persona.action !== 'none' && (
        <p className="import-persona" data-testid="import-persona">
          Persona: {report.persona.message}
        </p>
      )}
    </div>
  )
}
