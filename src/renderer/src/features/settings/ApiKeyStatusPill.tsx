import type { ReactNode } from 'react'
import type { ApiKeyStatus } from '../../../../shared/contract'

/** "configured" / "not configured", and whether the OS keychain protects the key. */
export function ApiKeyStatusPill({ status }: Readonly<{ status: ApiKeyStatus }>): ReactNode {
  if (!status.configured) {
    return (
      <span className="status-pill status-pill--warn" data-testid="api-key-status">
        Not configured — chat needs a key
      </span>
    )
  }
  return (
    <span className="status-pill status-pill--good" data-testid="api-key-status">
      Configured ·{' '}
      {status.protectedByOs ? 'protected by the OS keychain' : 'not protected by the OS keychain (held by this Hearth process or its environment)'}
    </span>
  )
}
