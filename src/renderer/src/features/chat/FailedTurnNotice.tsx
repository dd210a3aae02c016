import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

/**
 * Under a turn whose reply did not come: why, that the message is saved, and Retry — which runs
 * the turn again on that saved message instead of sending a second copy.
 */
export function FailedTurnNotice({ message }: Readonly<{ message: string | null }>): ReactNode {
  const retry = useAppStore((state) => state.retryChat)
  const online = useAppStore((state) => state.connection === 'connected')
  const retrying = useAppStore((state) => state.chatRetrying)
  return (
    <Banner
      tone="danger"
      title="The reply did not complete"
      data-testid="chat-turn-failed"
      actions={
        <Button
          variant="primary"
          size="small"
          disabled={!online || retrying}
          title={
            online
              ? 'Run this turn again on the message above'
              : 'Hearth is not reachable; retry once the connection is back'
          }
          onClick={() => void retry()}
          data-testid="chat-retry"
        >
          Retry
        </Button>
      }
    >
      {message ?? 'The model did not answer.'} Retry runs this turn again on your saved message, without
      sending a second copy.
    </Banner>
  )
}
