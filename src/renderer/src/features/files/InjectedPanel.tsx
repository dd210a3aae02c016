import type { ReactNode } from 'react'
import type { FileDoc } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

/**
 * Beside the editor: exactly what the prompt gets from this file (after scanning and truncation),
 * as last saved. `budget` is the memory budget meter of MEMORY.md / USER.md, when the file has one.
 * In a narrow window the panel sits under the editor, folded to its header (title, tokens,
 * warnings, budget) until the user opens it; `open` and `onToggle` drive that fold.
 */
export function InjectedPanel({
  doc,
  budget,
  trust,
  open,
  onToggle
}: Readonly<{
  doc: FileDoc | null
  budget?: ReactNode
  /** "I wrote this — trust it", beside the warnings, for a file of the user's own. */
  trust?: ReactNode
  open: boolean
  onToggle: () => void
}>): ReactNode {
  const warnings = doc?.injected?.warnings.length ?? 0
  return (
    <aside
      className={open ? 'injected injected--open' : 'injected'}
      aria-label="What reaches the prompt"
      data-testid="injected-panel"
    >
      <div className="injected__header">
        <h2 className="panel__title">What reaches the prompt</h2>
        <span className="injected__figures">
          {warnings > 0 && (
            <span className="status-pill status-pill--warn injected__warning-count">
              {warnings === 1 ? '1 warning' : `${warnings} warnings`}
            </span>
          )}
          {doc?.injected != null && (
            <span className="status-pill" data-testid="injected-tokens">
              ≈ {doc.injected.tokens} tokens
            </span>
          )}
          <Button
            size="small"
            variant="ghost"
            className="injected__toggle"
            aria-expanded={open}
            aria-controls="injected-body"
            onClick={onToggle}
          >
            {open ? 'Hide preview' : 'Show preview'}
          </Button>
        </span>
      </div>
      {budget}
      <div className="injected__body" id="injected-body">
        {trust}
        {renderBody(doc)}
      </div>
    </aside>
  )
}

function renderBody(doc: FileDoc | null): ReactNode {
  if (doc === null) return <p className="muted">Loading…</p>
  if (doc.readError !== null)
    return <p className="muted">Nothing from this file reaches the prompt while it cannot be read.</p>
  if (!doc.exists)
    return (
      <p className="muted" data-testid="injected-missing">
        Nothing yet: the file does not exist. Once it is saved, this shows what the prompt takes from it.
      </p>
    )
  if (doc.injected === null)
    return (
      <p className="muted" data-testid="injected-unavailable">
        Preview of what reaches the prompt is not available for this file.
      </p>
    )
  return (
    <>
      {doc.injected.warnings.map((warning) => (
        <Banner key={warning} tone="warning" title="Warning" data-testid="injected-warning">
          {warning}
        </Banner>
      ))}
      <p className="field__hint">As of the last save.</p>
      {doc.injected.text === '' ? (
        // An empty file is a normal start (a new agent's MEMORY.md), not something to warn about.
        <p className="muted" data-testid="injected-empty">
          Nothing yet: the file has no entries, so the prompt takes nothing from it.
        </p>
      ) : (
        <pre className="injected__text" data-testid="injected-text">
          {doc.injected.text}
        </pre>
      )}
    </>
  )
}
