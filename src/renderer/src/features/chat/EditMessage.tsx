import { useState, type KeyboardEvent, type ReactNode } from 'react'
import type { ForkCost, TurnId } from '../../../../shared/contract'
import { isSubmitEnter } from '../../lib/keyboard'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { formatTokens, formatUsd } from './format'

/** What resending does, in words: where the conversation forks and what the cache does about it. */
export function forkNote(cost: ForkCost): string {
  const later =
    cost.laterTurns === 0
      ? 'The reply below stays as the other version (◀ ▶).'
      : `The reply and ${cost.laterTurns} later turn${cost.laterTurns === 1 ? '' : 's'} stay as the other version (◀ ▶).`
  const cache = cost.cacheWarm
    ? `The ≈${formatTokens(cost.keptTokens)} tokens before this message are still cached and read again; the ≈${formatTokens(cost.droppedTokens)} cached tokens after it are not reused.`
    : `The cache for the ≈${formatTokens(cost.keptTokens)} tokens before this message has expired, so the next call writes them again (≈${formatUsd(cost.extraCostUsd)} extra).`
  return `Resending forks the conversation here. ${later} ${cache}`
}

/** A user message being edited in place: Enter resends (the conversation forks there), Esc cancels. */
export function EditMessage({
  turnId,
  initialText
}: Readonly<{ turnId: TurnId; initialText: string }>): ReactNode {
  const [text, setText] = useState(initialText)
  const [error, setError] = useState<string | null>(null)
  const cost = useAppStore((state) => state.chatForkCost)
  const resend = useAppStore((state) => state.resendEditedChat)
  const cancel = useAppStore((state) => state.cancelEditChat)
  const submit = (): void => {
    if (text.trim() === '') return
    void resend(turnId, text).then((result) => setError(result.ok ? null : result.message))
  }
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (isSubmitEnter(event)) {
      event.preventDefault()
      submit()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      cancel()
    }
  }
  return (
    <div className="chat-edit" data-testid="chat-edit">
      <textarea
        className="chat-composer__input"
        aria-label="Edited message"
        value={text}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKey}
      />
      <p className="chat-edit__note" data-testid="fork-cost">
        {cost
          ? forkNote(cost)
          : 'Resending forks the conversation here; the current reply stays as the other version.'}
      </p>
      {error !== null && <p className="chat-error-text">{error}</p>}
      <div className="chat-edit__actions">
        <Button size="small" onClick={cancel}>
          Cancel
        </Button>
        <Button
          size="small"
          variant="primary"
          disabled={text.trim() === '' || text.trim() === initialText.trim()}
          onClick={submit}
          data-testid="chat-edit-send"
        >
          Send edited message
        </Button>
      </div>
    </div>
  )
}
