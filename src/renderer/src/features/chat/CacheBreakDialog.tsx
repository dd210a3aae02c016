import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import type { CacheBreakPrompt } from './chatSessionTypes'
import { formatTokens, formatUsd } from './format'

const CONFIRM_TEXT: Readonly<Record<CacheBreakPrompt['kind'], string>> = {
  rebuild: 'Rebuild now',
  'switch-model': 'Switch on next message',
  'switch-folder': 'Start a new chat'
}

function whatHappens(pending: CacheBreakPrompt): string {
  if (pending.kind === 'rebuild')
    return 'Rebuilding the prompt reloads SOUL.md, MEMORY.md and USER.md from disk.'
  if (pending.kind === 'switch-model')
    return `Switching to ${pending.model} starts a cold cache for this model.`
  const where = pending.cwd == null ? 'without a project folder' : `in ${pending.cwd}`
  return `A chat's project folder is part of its frozen prompt, so working ${where} starts a new chat. This chat stays in the list with its folder.`
}

/** Asks before an action that breaks the prompt cache, saying what the next call will cost extra. */
export function CacheBreakDialog(): ReactNode {
  const pending = useAppStore((state) => state.chatCacheBreak)
  const dismiss = useAppStore((state) => state.dismissCacheBreak)
  const rebuild = useAppStore((state) => state.rebuildChatPrompt)
  const setModel = useAppStore((state) => state.setChatPendingModel)
  const confirmFolder = useAppStore((state) => state.confirmFolderChange)
  const [error, setError] = useState<string | null>(null)
  if (!pending) return null
  const confirm = (): void => {
    if (pending.kind === 'switch-model') return setModel(pending.model)
    if (pending.kind === 'switch-folder') return confirmFolder()
    void rebuild().then((result) => (result.ok ? setError(null) : setError(result.message)))
  }
  return (
    <Dialog
      title={
        pending.kind === 'switch-folder'
          ? 'Another folder means a new chat'
          : 'This will break the prompt cache'
      }
      onClose={dismiss}
      data-testid="cache-break-dialog"
      actions={
        <>
          <Button onClick={dismiss}>Cancel</Button>
          <Button variant="primary" onClick={confirm} data-testid="cache-break-confirm">
            {CONFIRM_TEXT[pending.kind]}
          </Button>
        </>
      }
    >
      <p>{whatHappens(pending)}</p>
      <p data-testid="cache-break-cost">
        {pending.kind === 'switch-folder'
          ? `The new chat's first message writes its prompt and tools, about ${formatTokens(pending.prefixTokens)} tokens, to the cache, where this chat would have read from it: roughly `
          : `The next call writes about ${formatTokens(pending.prefixTokens)} tokens to the cache instead of reading them: roughly `}
        <strong>{formatUsd(pending.extraCostUsd)}</strong> extra.
      </p>
      {error !== null && <p className="chat-error-text">{error}</p>}
    </Dialog>
  )
}
