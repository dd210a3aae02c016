import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'

/** Right after a Pin: where the fact went, and an Undo that takes it straight back out. */
export function PinnedNotice(): ReactNode {
  const { pinned, unpin } = useAppStore(
    useShallow((s) => ({ pinned: s.memoriesLastPinned, unpin: s.unpinMemoryFact }))
  )
  const [error, setError] = useState<string | null>(null)
  if (pinned === null) return null
  const undo = async (): Promise<void> => {
    const result = await unpin(pinned.factId, pinned.to)
    setError(result.ok ? null : result.message)
  }
  return (
    <Banner
      tone={error === null ? 'success' : 'warning'}
      title={pinned.message}
      data-testid="memories-pinned-notice"
      actions={
        <Button size="small" onClick={() => void undo()}>
          Undo
        </Button>
      }
    >
      {error ?? undefined}
    </Banner>
  )
}
