import type { ReactNode } from 'react'
import type { ConnectionStatus } from '../api/connection'
import { Banner, type BannerTone } from '../ui/Banner'
import { selectConnection, selectConnectionDetail } from '../store/connectionSlice'
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
  restarting: {
    tone: 'warning',
    title: 'Hearth’s core stopped — restarting it…',
    body: 'What you typed stays here; it can be sent or saved once Hearth answers again.'
  },
  stopped: {
    tone: 'danger',
    title: 'Hearth’s core stopped',
    body: 'What you typed is still on screen to copy. Quit and reopen Hearth; if this happens again, the log says what failed.'
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

/** Full-width notice when the renderer cannot reach the core, with what happened when it is known. */
export function ConnectionBanner(): ReactNode {
  const notice = NOTICES[useAppStore(selectConnection)]
  const detail = useAppStore(selectConnectionDetail)
  if (notice === undefined) return null
  return (
    <div className="connection-banner" data-testid="connection-banner">
      <Banner tone={notice.tone} title={notice.title}>
        {detail !== null && <p className="connection-banner__detail">{detail}</p>}
        {notice.body}
      </Banner>
    </div>
  )
}
