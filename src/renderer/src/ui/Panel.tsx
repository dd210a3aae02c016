import type { ReactNode } from 'react'

type PanelProps = Readonly<{
  title?: ReactNode
  actions?: ReactNode
  className?: string
  children: ReactNode
  'data-testid'?: string
}>

/** A bordered card with an optional title row; the building block of every screen. */
export function Panel({ title, actions, className, children, 'data-testid': testId }: PanelProps): ReactNode {
  return (
    <section className={['panel', className ?? ''].filter(Boolean).join(' ')} data-testid={testId}>
      {(title !== undefined || actions !== undefined) && (
        <header className="panel__header">
          {title !== undefined && <h2 className="panel__title">{title}</h2>}
          {actions !== undefined && <div className="panel__actions">{actions}</div>}
        </header>
      )}
      <div className="panel__body">{children}</div>
    </section>
  )
}
