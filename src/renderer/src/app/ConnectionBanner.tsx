import type { ReactNode } from 'react'
import type { ConnectionStatus } from '../api/connection'
import { Banner, type BannerTone } from '../ui/Banner'
import { selectConnection } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'

interface Notice {
  readonly tone: BannerTone
  readonly title: string
  readonly body: ReactNode
}

const serve = <span className="mono">hearth serve</span>
const tokenTail = <span className="mono">?token=…</span>

/** What to tell the user for each state in which the renderer cannot reach the core. */
const NOTICES: Partial<Record<ConnectionStatus, Notice>> = {
  reconnecting: {
    tone: 'warning',
    title: 'Disconnected — reconnecting…',
    body: 'Hearth is not answering. Your unsaved edits stay here; they can be saved once the connection is back.'
  },
  refused: {
    tone: 'danger',
    title: 'This page has no access token',
    body: (
      <>
        Open the full address that {serve} printed when it started (it ends with {tokenTail}).
      </>
    )
  },
  expired: {
    tone: 'danger',
    title: 'This tab’s access token is no longer valid',
    body: (
      <>
        {serve} was restarted and now uses a new token, so this tab cannot reconnect, and reloading it will
        not help. Open the address {serve} printed when it last started (it ends with {tokenTail}). Anything
        unsaved in this tab is still on screen to copy.
      </>
    )
  }
}

/** Full-width notice when the renderer cannot reach the core (only possible over WebSocket). */
export function ConnectionBanner(): ReactNode {
  const notice = NOTICES[useAppStore(selectConnection)]
  if (notice === undefined) return null
  return (
    <div className="connection-banner" data-testid="connection-banner">
      <Banner tone={notice.tone} title={notice.title}>
        {notice.body}
      </Banner>
    </div>
  )
}
