import type { ReactNode } from 'react'

/** A collapsible part of the diff: open when something in it changed, folded when all is the same. */
export function DiffSection({
  title,
  summary,
  changed,
  children,
  testId
}: Readonly<{
  title: string
  summary: string
  changed: boolean
  children?: ReactNode
  testId: string
}>): ReactNode {
  return (
    <details
      className={`diff-section${changed ? ' diff-section--changed' : ''}`}
      open={changed}
      data-testid={testId}
      data-changed={changed}
    >
      <summary>
        <strong>{title}</strong> <span className="muted">·</span>{' '}
        <span className={changed ? 'diff-section__summary' : 'muted'}>{summary}</span>
      </summary>
      <div className="diff-section__body">{children}</div>
    </details>
  )
}
