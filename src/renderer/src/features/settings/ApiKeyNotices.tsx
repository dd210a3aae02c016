import type { ReactNode } from 'react'
import type { ApiKeyStatus } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'

/**
 * Where the key goes, and what needs the user's attention: a saved key that belongs to another
 * address (after the base URL moved), an address Hearth refuses, or a key that only lives in memory.
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
      {status.notice !== null && (
        <Banner tone="warning" title="The key is not sent" data-testid="api-key-notice">
          {status.notice}
        </Banner>
      )}
      {status.storageNote !== null && (
        <Banner tone="info" title="Kept in memory only" data-testid="api-key-storage-note">
          {status.storageNote}
        </Banner>
      )}
    </>
  )
}
