import type { ReactNode } from 'react'
import { Banner } from '../ui/Banner'
import { selectConnection } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'

/** Full-width notice when the renderer cannot reach the core (only possible over WebSocket). */
export function ConnectionBanner(): ReactNode {
  const connection = useAppStore(selectConnection)
  if (connection === 'reconnecting') {
    return (
      <div className="connection-banner" data-testid="connection-banner">
        <Banner tone="warning" title="Disconnected — reconnecting…">
          Hearth is not answering. Your unsaved edits stay here; they can be saved once the connection is back.
        </Banner>
      </div>
    )
  }
  if (connection === 'refused') {
    return (
      <div className="connection-banner" data-testid="connection-banner">
        <Banner tone="danger" title="This page has no access token">
          Open the full link that <span className="mono">hearth serve</span> printed (it ends with <span className="mono">?token=…</span>).
        </Banner>
      </div>
    )
  }
  return null
}
