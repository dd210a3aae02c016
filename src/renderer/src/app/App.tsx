import type { ReactNode } from 'react'
import type { ConnectionStatus } from '../api/connection'
import { selectAgentsLoaded, selectFirstRunStep } from '../features/agents/agentsSlice'
import { FirstRun } from '../features/firstRun/FirstRun'
import { selectConnection } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'
import { ConnectionBanner } from './ConnectionBanner'
import { Shell } from './Shell'
import { useLeaveWarning } from './useLeaveWarning'
import { useDocumentTheme } from '../features/theme/useDocumentTheme'

function loadingText(connection: ConnectionStatus): string {
  if (connection === 'refused') return 'Hearth cannot connect without its access token.'
  if (connection === 'expired') return 'Hearth cannot connect: this tab’s access token is no longer valid.'
  if (connection === 'stopped') return 'Hearth could not open your home.'
  return 'Opening your Hearth…'
}

/** Top level: a connection notice when needed, then first run or the shell. */
export function App(): ReactNode {
  const loaded = useAppStore(selectAgentsLoaded)
  const firstRunStep = useAppStore(selectFirstRunStep)
  const connection = useAppStore(selectConnection)
  useLeaveWarning()
  useDocumentTheme()
  return (
    <div className="app">
      <ConnectionBanner />
      {!loaded ? (
        <div className="loading-screen" data-testid="loading">
          {loadingText(connection)}
        </div>
      ) : firstRunStep !== null ? (
        <FirstRun />
      ) : (
        <Shell />
      )}
    </div>
  )
}
