import type { ReactNode } from 'react'
import type { RestoreResult } from '../../../../shared/contract'

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
    </div>
  )
}
