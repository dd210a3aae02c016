import type { ReactNode } from 'react'
import type { ApiKeyStatus } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'

/** The saved keys that wait for another address: one per origin, used again when the base URL points there. */
function OtherSavedKeys({ status }: Readonly<{ status: ApiKeyStatus }>): ReactNode {
  const others = status.savedOrigins.filter((origin) => origin !== status.origin)
  if (others.length === 0) return null
  return (
    <div className="field__hint" data-testid="api-key-other-origins">
      Also saved: {others.length === 1 ? 'a key' : 'keys'} for{' '}
      {others.map((origin, index) => (
        <span key={origin}>
          {index > 0 && (index === others.length - 1 ? ' and ' : ', ')}
          <span className="mono">{origin}</span>
        </span>
      ))}
      , sent only there and used again when the base URL points there.
    </div>
  )
}

/**
 * Where the key goes, and what needs the user's attention: a saved key that belongs to another
 * address (after the base URL moved), an address Hearth refuses, or a key that only lives in memory
 * (said only when that is so for the key in use or one entered here).
 */
export function ApiKeyNotices({ status }: Readonly<{ status: ApiKeyStatus }>): ReactNode {
  return (
    <>
      <div className="field__hint" data-testid="api-key-origin">
        The key is sent only to <span className="mono">{status.origin}</span>
        {status.source === 'saved'
          ? ', the address it was entered for.'
          : ' (the base URL above), and to no other address.'}
      </div>
      <OtherSavedKeys status={status} />
      {status.notice !== null && (
        <Banner tone="warning" title="The key is not sent" data-testid="api-key-notice">
          {status.notice}
        </Banner>
      )}
      {status.storageNote !== null && (
        <Banner tone="info" title="Kept in memory only" data-testid="api-key-storage-note">
          {status.storageNote}
          {status.storageDetail !== null && (
            <details className="api-key-storage-detail">
              <summary>What the system said</summary>
              <span className="mono">{status.storageDetail}</span>
            </details>
          )}
        </Banner>
      )}
    </>
  )
}
