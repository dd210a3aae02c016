import type { ReactNode } from 'react'
import type { MemoryChange, MemoryReceipt } from '../../../../shared/contract'
import { MemoryUsageMeter } from './MemoryUsageMeter'
import './memory.css'

function ChangeLine({ change }: Readonly<{ change: MemoryChange }>): ReactNode {
  return (
    <li className={`memory-change memory-change--${change.action}`}>
      {change.before !== null && <div className="memory-change__before"><span aria-label="removed">−</span> {change.before}</div>}
      {change.after !== null && <div className="memory-change__after"><span aria-label="added">+</span> {change.after}</div>}
    </li>
  )
}

/**
 * Proof of a memory write, for the chat: which file, exactly what changed, and the usage after.
 * The session's prompt is frozen, so the card says the change applies from the next session.
 */
export function MemoryReceiptCard({ receipt }: Readonly<{ receipt: MemoryReceipt }>): ReactNode {
  const file = receipt.target === 'user' ? 'USER.md' : 'MEMORY.md'
  return (
    <div className="memory-card memory-receipt" data-testid="memory-receipt">
      <div className="memory-card__title">
        Saved to <code>{file}</code>
        <span className="muted"> · {receipt.changes.length} change{receipt.changes.length === 1 ? '' : 's'} · applies to the next session</span>
      </div>
      <ul className="memory-receipt__changes">
        {receipt.changes.map((change, i) => (
          <ChangeLine key={i} change={change} />
        ))}
      </ul>
      <MemoryUsageMeter usage={receipt.usage} />
    </div>
  )
}
