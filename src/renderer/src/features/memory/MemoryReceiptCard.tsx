import { useState, type ReactNode } from 'react'
import type { MemoryReceipt } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { MemoryChangeList } from './MemoryChangeList'
import { MemoryUsageMeter } from './MemoryUsageMeter'
import './memory.css'

/** Undo, and what it answered: the file is back, or why it cannot be (it changed since). */
function UndoControl({ receipt }: Readonly<{ receipt: MemoryReceipt }>): ReactNode {
  const undo = useAppStore((state) => state.undoMemoryWrite)
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (): Promise<void> => {
    setBusy(true)
    const result = await undo(receipt.id)
    setBusy(false)
    setOutcome(result.ok ? { ok: true, text: result.value } : { ok: false, text: result.message })
  }
  if (receipt.undoneAtMs !== null) {
    return (
      <div className="memory-receipt__outcome" role="status">
        {outcome?.text ?? 'Undone: the file is back to how it was before this write.'}
      </div>
    )
  }
  return (
    <div className="memory-receipt__undo">
      <Button
        size="small"
        disabled={busy || !receipt.undoable}
        title={
          receipt.undoable
            ? 'Put the file back exactly as it was before this write'
            : 'This write was saved before Hearth could undo writes'
        }
        onClick={() => void run()}
      >
        Undo
      </Button>
      {outcome !== null && !outcome.ok && (
        <span className="field__error" role="alert">
          {outcome.text}
        </span>
      )}
    </div>
  )
}

/**
 * Proof of a memory write, for the chat: which file, exactly what changed, the usage after, and
 * Undo. The session's prompt is frozen, so the card says the change applies from the next session.
 */
export function MemoryReceiptCard({ receipt }: Readonly<{ receipt: MemoryReceipt }>): ReactNode {
  const file = receipt.target === 'user' ? 'USER.md' : 'MEMORY.md'
  const undone = receipt.undoneAtMs !== null
  return (
    <div
      className={`memory-card memory-receipt${undone ? ' memory-receipt--undone' : ''}`}
      data-testid="memory-receipt"
      data-undone={undone || undefined}
    >
      <div className="memory-receipt__header">
        <div className="memory-card__title">
          {undone ? 'Undone — was saved to' : 'Saved to'} <code>{file}</code>
          <span className="muted">
            {' '}
            · {receipt.changes.length} change{receipt.changes.length === 1 ? '' : 's'}
            {undone ? '' : ' · applies to the next session'}
          </span>
        </div>
        <UndoControl receipt={receipt} />
      </div>
      <MemoryChangeList changes={receipt.changes} />
      {!undone && <MemoryUsageMeter usage={receipt.usage} />}
    </div>
  )
}
