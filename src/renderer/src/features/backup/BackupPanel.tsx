import { useEffect, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { BackupCreateForm } from './BackupCreateForm'
import { RestoreForm } from './RestoreForm'
import { RestoreStatusNotice } from './RestoreStatusNotice'
import './backup.css'

/**
 * Settings → Backup: the whole home in one zip while the app runs (the API key and other secrets
 * never in it), and a restore that is checked, verified and reversible.
 */
export function BackupPanel(): ReactNode {
  const load = useAppStore((s) => s.loadRestoreStatus)
  useEffect(() => {
    void load()
  }, [load])
  return (
    <div className="backup-panel" data-testid="backup-panel">
      <RestoreStatusNotice />
      <h3 className="backup-panel__heading">Back up</h3>
      <p className="field__hint">
        One zip of everything in your home — agents, chats, memory, the Nexus, skills — with a manifest of
        hashes. Safe while you keep working. The API key and other saved secrets are never in it.
      </p>
      <BackupCreateForm />
      <h3 className="backup-panel__heading">Restore</h3>
      <RestoreForm />
    </div>
  )
}
