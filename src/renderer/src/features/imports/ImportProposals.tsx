import { useState, type ReactNode } from 'react'
import type { ImportReport } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'

/** MCP servers the source had: proposed, never run until the user accepts one here. */
export function ImportProposals({ report }: Readonly<{ report: ImportReport }>): ReactNode {
  const decide = useAppStore((s) => s.decideImportProposal)
  const [error, setError] = useState<string | null>(null)
  if (report.proposals.length === 0) return null
  return (
    <section className="import-proposals" aria-label="Proposed MCP servers">
      <h3>MCP servers it used (not running)</h3>
      <ul>
        {report.proposals.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong> <span className="mono">{p.target}</span>
            {p.envNames.length > 0 && <span className="muted"> · sets {p.envNames.join(', ')}</span>}{' '}
            {p.status === 'pending' ? (
              <>
                <Button
                  size="small"
                  onClick={() => void decide(p.id, 'accept').then((r) => setError(r.ok ? null : r.message))}
                >
                  Add to Tools
                </Button>{' '}
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => void decide(p.id, 'dismiss').then((r) => setError(r.ok ? null : r.message))}
                >
                  Dismiss
                </Button>
              </>
            ) : (
              <span className="muted">({p.status})</span>
            )}
          </li>
        ))}
      </ul>
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
