import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { formatTokens, formatUsd } from './format'

/** Asks before an action that breaks the prompt cache, saying what the next call will cost extra. */
export function CacheBreakDialog(): ReactNode {
  const pending = useAppStore((state) => state.chatCacheBreak)
  const dismiss = useAppStore((state) => state.dismissCacheBreak)
  const rebuild = useAppStore((state) => state.rebuildChatPrompt)
  const setModel = useAppStore((state) => state.setChatPendingModel)
  const [error, setError] = useState<string | null>(null)
  if (!pending) return null
  const what = pending.kind === 'rebuild' ? 'Rebuilding the prompt reloads SOUL.md, MEMORY.md and USER.md from disk.' : `Switching to ${pending.model} starts a cold cache for this model.`
  const confirm = (): void => {
    if (pending.kind === 'switch-model') {
      setModel(pending.model)
      return
    }
    void rebuild().then((result) => (result.ok ? setError(null) : setError(result.message)))
  }
  return (
    <Dialog
      title="This will break the prompt cache"
      onClose={dismiss}
      data-testid="cache-break-dialog"
      actions={
        <>
          <Button onClick={dismiss}>Cancel</Button>
          <Button variant="primary" onClick={confirm} data-testid="cache-break-confirm">
            {pending.kind === 'rebuild' ? 'Rebuild now' : 'Switch on next message'}
          </Button>
        </>
      }
    >
      <p>{what}</p>
      <p data-testid="cache-break-cost">
        The next call writes about {formatTokens(pending.prefixTokens)} tokens to the cache instead of reading them: roughly <strong>{formatUsd(pending.extraCostUsd)}</strong> extra.
      </p>
      {error !== null && <p className="chat-error-text">{error}</p>}
    </Dialog>
  )
}
