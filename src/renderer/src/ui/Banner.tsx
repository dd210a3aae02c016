import type { ReactNode } from 'react'

export type BannerTone = 'info' | 'success' | 'warning' | 'danger'

type BannerProps = Readonly<{
  tone: BannerTone
  title: ReactNode
  children?: ReactNode
  actions?: ReactNode
  'data-testid'?: string
}>

/**
 * A non-modal message in the flow of the page. Warnings and dangers are announced to screen
 * readers right away (`role="alert"`); info and success politely (`role="status"`).
 */
export function Banner({ tone, title, children, actions, 'data-testid': testId }: BannerProps): ReactNode {
  const urgent = tone === 'warning' || tone === 'danger'
  return (
    <div className={`banner banner--${tone}`} role={urgent ? 'alert' : 'status'} data-testid={testId}>
      <div className="banner__text">
        <strong className="banner__title">{title}</strong>
        {children !== undefined && <div className="banner__body">{children}</div>}
      </div>
      {actions !== undefined && <div className="banner__actions">{actions}</div>}
    </div>
  )
}
