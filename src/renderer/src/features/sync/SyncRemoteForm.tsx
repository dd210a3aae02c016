import { useState, type FormEvent, type ReactNode } from 'react'
import type { NexusSyncStatus } from '../../../../shared/contract'
import { Button } from '../../ui/Button'
import { SettingsField } from '../settings/SettingsField'
import { useAppStore } from '../../store/useAppStore'

const INTERVALS = [0, 5, 15, 30, 60, 240] as const

function intervalLabel(minutes: number): string {
  if (minutes === 0) return 'Only when I click Sync now'
  return minutes < 60 ? `Every ${minutes} minutes` : `Every ${minutes / 60} hour${minutes === 60 ? '' : 's'}`
}

/** The remote and how often the app syncs, with Sync now. */
export function SyncRemoteForm({
  status,
  busy
}: Readonly<{ status: NexusSyncStatus; busy: boolean }>): ReactNode {
  const [remote, setRemote] = useState(status.remote ?? '')
  const configure = useAppStore((state) => state.configureSync)
  const run = useAppStore((state) => state.runSync)
  const changed = remote.trim() !== (status.remote ?? '')
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    // A changed remote is saved by the sync itself (remembered after its first use).
    void run(changed ? remote.trim() : undefined)
  }
  const intervals = INTERVALS.includes(status.intervalMinutes as (typeof INTERVALS)[number])
    ? INTERVALS
    : [...INTERVALS, status.intervalMinutes]
  return (
    <form className="sync-form" onSubmit={submit} aria-label="Sync settings">
      <SettingsField
        label="Git remote"
        hint="A private repository URL (https or ssh) or the path of a bare repository, e.g. /Volumes/Shared/hearth.git"
      >
        {(id) => (
          <input
            id={id}
            className="input"
            value={remote}
            spellCheck={false}
            placeholder="git@example.com:me/hearth-nexus.git"
            onChange={(event) => setRemote(event.target.value)}
          />
        )}
      </SettingsField>
      <SettingsField
        label="Sync in the background"
        hint="The app syncs between turns; a chat never waits for it."
      >
        {(id) => (
          <select
            id={id}
            className="input"
            value={status.intervalMinutes}
            disabled={busy}
            onChange={(event) => void configure({ intervalMinutes: Number(event.target.value) })}
          >
            {intervals.map((minutes) => (
              <option key={minutes} value={minutes}>
                {intervalLabel(minutes)}
              </option>
            ))}
          </select>
        )}
      </SettingsField>
      <div className="form-row">
        <Button
          type="submit"
          variant="primary"
          disabled={busy || status.git === null || remote.trim() === ''}
        >
          {busy ? 'Syncing…' : 'Sync now'}
        </Button>
        {status.remote !== null && (
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => void configure({ remote: null }).then(() => setRemote(''))}
          >
            Stop syncing
          </Button>
        )}
      </div>
    </form>
  )
}
