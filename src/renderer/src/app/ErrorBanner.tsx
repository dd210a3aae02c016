import type { ReactNode } from 'react'
import { Banner } from '../ui/Banner'
import { Button } from '../ui/Button'
import { selectLastError } from '../store/connectionSlice'
import { useAppStore } from '../store/useAppStore'

/** The last error no form could show inline, until the user dismisses it. */
export function ErrorBanner(): ReactNode {
  const lastError = useAppStore(selectLastError)
  const dismissError = useAppStore((state) => state.dismissError)
  if (lastError === null) return null
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
