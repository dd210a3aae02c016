import { useEffect, type ReactNode } from 'react'
import { Banner } from '../../ui/Banner'
import { DeviceNameForm } from './DeviceNameForm'
import { useAppStore } from '../../store/useAppStore'
import { SyncDevices } from './SyncDevices'
import { SyncLastResult } from './SyncLastResult'
import { SyncRemoteForm } from './SyncRemoteForm'
import { selectSync } from './syncSlice'
import '../../ui/spinner.css'
import './sync.css'

/**
 * Settings → Sync: the Nexus shared with the user's other devices through a git remote they
 * already have (a private repository, or a bare one on a server or shared drive). Only the Nexus
 * travels; the panel says so, says when git is missing, and shows every device and the last result.
 */
export function SyncPanel(): ReactNode {
  const sync = useAppStore(selectSync)
  const load = useAppStore((state) => state.loadSyncStatus)
  useEffect(() => {
    void load()
  }, [load])
  const status = sync.status
  if (status === null) return <p className="field__hint">{sync.error ?? 'Reading the sync status…'}</p>
  return (
    <div className="sync-panel" data-testid="sync-panel">
      <p className="field__hint">
        Share the Nexus — the log and decisions your agents keep — with your other computers through a git
        repository you own. Each device adds only its own entries and checks every other device’s chain.
        Nothing else leaves this device: no memories, no chats, no API key.
      </p>
      {status.git === null && (
        <Banner tone="warning" title="Git is not installed">
          Sync uses the git already on your computer. Install it from git-scm.com, then come back here.
        </Banner>
      )}
      <SyncRemoteForm status={status} busy={sync.busy} />
      <DeviceNameForm status={status} busy={sync.busy} />
      {sync.error !== null && (
        <p className="field__error" role="alert">
          {sync.error}
        </p>
      )}
      {sync.progress !== null && (
        <p className="sync-progress" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {sync.progress.message}…
        </p>
      )}
      {status.last !== null && <SyncLastResult result={status.last} />}
      <SyncDevices status={status} />
    </div>
  )
}
