import { useState, type FormEvent, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { BackupProgress } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { SettingsField } from '../settings/SettingsField'
import { sizeText } from './backupText'

function progressText(progress: BackupProgress | null): string {
  if (progress === null || progress.phase === 'database')
    return 'Copying the database (one consistent snapshot)…'
  return `${progress.files} of ${progress.totalFiles} files, ${sizeText(progress.bytes)} of ${sizeText(progress.totalBytes)}`
}

/** Back up now: the whole home into one zip at a path the user chooses (or beside the home). */
export function BackupCreateForm(): ReactNode {
  const [file, setFile] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { running, progress, last, create } = useAppStore(
    useShallow((s) => ({
      running: s.backupRunning,
      progress: s.backupProgress,
      last: s.lastBackup,
      create: s.createBackup
    }))
  )
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    setError(null)
    void create(file).then((result) => setError(result.ok ? null : result.message))
  }
  const percent =
    progress !== null && progress.totalBytes > 0
      ? Math.round((progress.bytes / progress.totalBytes) * 100)
      : 0
  return (
    <form className="backup-form" onSubmit={submit} aria-label="Back up the home">
      <SettingsField
        label="Save the backup as"
        hint="A .zip path outside the home folder. Empty: beside the home folder, named by the date and time."
      >
        {(id) => (
          <input
            id={id}
            className="input"
            value={file}
            spellCheck={false}
            placeholder="/path/to/hearth-backup.zip"
            onChange={(event) => setFile(event.target.value)}
          />
        )}
      </SettingsField>
      <Button type="submit" variant="primary" disabled={running}>
        {running ? 'Backing up…' : 'Back up now'}
      </Button>
      {running && (
        <div className="backup-progress" data-testid="backup-progress">
          <progress aria-label="Backup progress" max={100} value={percent} />
          <span className="muted">{progressText(progress)}</span>
        </div>
      )}
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {last !== null && !running && (
        <div className="backup-result" role="status" data-testid="backup-result">
          <p>
            Backed up to <span className="path">{last.file}</span> ({sizeText(last.bytes)}, {last.files}{' '}
            files, {(last.durationMs / 1000).toFixed(1)} s).
          </p>
          <p className="muted">sha256 {last.sha256}</p>
          {last.secretsRemoved.length > 0 && (
            <p>
              Secrets were found in {last.secretsRemoved.join(', ')} and replaced by a marker in the backup
              (your home is unchanged); after a restore, enter them again in Settings → Tools.
            </p>
          )}
          <details>
            <summary>What a backup leaves out</summary>
            <ul>
              {last.excluded.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </details>
        </div>
      )}
    </form>
  )
}
