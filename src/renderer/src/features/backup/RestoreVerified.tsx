import type { ReactNode } from 'react'
import type { RestoreResult } from '../../../../shared/contract'
import { selectAppInfo } from '../../store/connectionSlice'
import { useAppStore } from '../../store/useAppStore'

/**
 * What happens next: the desktop app starts again by itself (its main process restarts once the
 * restore is staged); the browser host cannot restart its own process, so the person does.
 */
function NextStep(): ReactNode {
  const host = useAppStore(selectAppInfo)?.host
  return host === 'web' ? (
    <p data-testid="restore-next-step">
      <strong>To switch, restart Hearth:</strong> stop <code>hearth serve</code> in its terminal (Ctrl+C),
      start it again with the same command, then reload this page. Until then nothing has changed, and “Cancel
      the restore” at the top of this panel drops it.
    </p>
  ) : (
    <p data-testid="restore-next-step">
      <strong>Hearth restarts now</strong> and opens the restored home.
    </p>
  )
}

/** The verification of a staged restore, check by check, as the core recorded it. */
export function RestoreVerified({ result }: Readonly<{ result: RestoreResult }>): ReactNode {
  const v = result.verified
  return (
    <div className="backup-result" role="status" data-testid="restore-verified">
      <p>
        <strong>{v.ok ? 'Restored and verified.' : 'The restore did not verify.'}</strong>
      </p>
      <ul>
        <li>Database integrity check: {v.integrity}</li>
        <li>
          Nexus chain:{' '}
          {v.nexus.ok ? `${v.nexus.count} entries, every link holds` : v.nexus.problems.join('; ')}
        </li>
        <li>
          Files: {v.files.checked} checked against the backup’s sha256,{' '}
          {v.files.mismatched.length === 0 ? 'all match' : `differ: ${v.files.mismatched.join(', ')}`}
        </li>
      </ul>
      {v.ok && <NextStep />}
    </div>
  )
}
