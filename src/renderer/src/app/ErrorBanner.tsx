import type { ReactNode } from 'react'
import { Banner } from '../ui/Banner'
import { Button } from '../ui/Button'
import { selectConnection, selectLastError } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'

/**
 * The last error no form could show inline, until the user dismisses it. Hidden while the page
 * cannot reach Hearth for good (no token, an expired one, or a core that stopped): the connection banner already says
 * why every call fails, and one explanation reads better than two.
 */
export function ErrorBanner(): ReactNode {
  const lastError = useAppStore(selectLastError)
  const connection = useAppStore(selectConnection)
  const dismissError = useAppStore((state) => state.dismissError)
  if (lastError === null || connection === 'refused' || connection === 'expired' || connection === 'stopped')
    return null
  return (
    <Banner
      tone="danger"
      title={lastError.context}
      data-testid="error-banner"
      actions={
        <Button size="small" variant="ghost" onClick={dismissError} data-testid="error-dismiss">
          Dismiss
        </Button>
      }
    >
      {lastError.message}
    </Banner>
  )
}
