import { useState, type FormEvent, type ReactNode } from 'react'
import type { BackupInspection, RestoreResult } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { SettingsField } from '../settings/SettingsField'
import { COUNT_LABELS, countOf, whenText } from './backupText'
import { RestoreConfirmDialog } from './RestoreConfirmDialog'
import { RestoreVerified } from './RestoreVerified'

/** What the backup holds beside what the home holds now: what a restore replaces. */
function Comparison({ inspection }: Readonly<{ inspection: BackupInspection }>): ReactNode {
  return (
    <table className="backup-compare" aria-label="The backup against your home now">
      <thead>
        <tr>
          <th scope="col" />
          <th scope="col">In the backup</th>
          <th scope="col">In your home now</th>
        </tr>
      </thead>
      <tbody>
        {COUNT_LABELS.map(([key, label]) => (
          <tr key={key}>
            <th scope="row">{label}</th>
            <td>{countOf(inspection.counts, key)}</td>
            <td>{countOf(inspection.current, key)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Restore from a file: read it first, confirm what is replaced, then restore and verify. */
export function RestoreForm(): ReactNode {
  const [file, setFile] = useState('')
  const [inspection, setInspection] = useState<BackupInspection | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [restored, setRestored] = useState<RestoreResult | null>(null)
  const inspect = useAppStore((s) => s.inspectBackup)
  const stage = useAppStore((s) => s.stageRestore)
  const submit = (event: FormEvent): void => {
    event.preventDefault()
    setError(null)
    setInspection(null)
    setRestored(null)
    void inspect(file).then((result) => (result.ok ? setInspection(result.value) : setError(result.message)))
  }
  const restore = async (): Promise<void> => {
    setBusy(true)
    const result = await stage(file)
    setBusy(false)
    setConfirming(false)
    if (result.ok) setRestored(result.value)
    else setError(result.message)
  }
  return (
    <form className="backup-form" onSubmit={submit} aria-label="Restore a backup">
      <SettingsField label="Backup file" hint="A .zip made by Back up now or `hearth backup`.">
        {(id) => (
          <input
            id={id}
            className="input"
            value={file}
            spellCheck={false}
            placeholder="/path/to/hearth-backup.zip"
            onChange={(event) => {
              setFile(event.target.value)
              setInspection(null)
            }}
          />
        )}
      </SettingsField>
      <Button type="submit" disabled={file.trim() === '' || busy}>
        Check this backup
      </Button>
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {inspection !== null && restored === null && (
        <div className="backup-inspection" data-testid="backup-inspection">
          <p>
            Made {whenText(inspection.createdAtMs)} by Hearth {inspection.appVersion}.
          </p>
          <Comparison inspection={inspection} />
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Restore this backup…
          </Button>
        </div>
      )}
      {confirming && inspection !== null && (
        <RestoreConfirmDialog
          inspection={inspection}
          busy={busy}
          onConfirm={() => void restore()}
          onClose={() => setConfirming(false)}
        />
      )}
      {restored !== null && <RestoreVerified result={restored} />}
    </form>
  )
}
