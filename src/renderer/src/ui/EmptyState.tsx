import type { ReactNode } from 'react'

type EmptyStateProps = Readonly<{
  title: string
  children?: ReactNode
  action?: ReactNode
  'data-testid'?: string
}>

/** Says plainly why a place is empty and, when there is one, what to do about it. Never fake data. */
export function EmptyState({ title, children, action, 'data-testid': testId }: EmptyStateProps): ReactNode {
  return (
    <div className="empty-state" data-testid={testId}>
      <h2 className="empty-state__title">{title}</h2>
      {children !== undefined && <div className="empty-state__body">{children}</div>}
      {action !== undefined && <div className="empty-state__action">{action}</div>}
    </div>
  )
}
