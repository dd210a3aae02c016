import type { ReactNode } from 'react'
import type { ApiKeyStatus } from '../../../../shared/contract'

function keptWhere(status: ApiKeyStatus): string {
  if (status.source === 'environment') return 'from ANTHROPIC_API_KEY'
  if (status.protectedByOs) return `kept in ${status.storage}`
  return `held in ${status.storage} (forgotten when Hearth stops)`
}

/** "Configured · kept in …" or "Not configured", never anything about the key itself. */
export function ApiKeyStatusPill({ status }: Readonly<{ status: ApiKeyStatus }>): ReactNode {
  if (!status.configured) {
    return (
      <span className="status-pill status-pill--warn" data-testid="api-key-status">
        Not configured — chat needs a key
      </span>
    )
  }
  return (
    <span
      className={`status-pill ${status.protectedByOs || status.source === 'environment' ? 'status-pill--good' : 'status-pill--warn'}`}
      data-testid="api-key-status"
    >
      Configured · {keptWhere(status)}
    </span>
  )
}
