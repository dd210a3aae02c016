import type { ReactNode } from 'react'
import type { MemoryChange } from '../../../../shared/contract'
import './memory.css'

/** The entries a memory write changes: what goes (−) and what comes (+), whole entries. */
export function MemoryChangeList({ changes }: Readonly<{ changes: readonly MemoryChange[] }>): ReactNode {
  return (
    <ul className="memory-receipt__changes">
      {changes.map((change, i) => (
        <li key={i} className={`memory-change memory-change--${change.action}`}>
          {change.before !== null && (
            <div className="memory-change__before">
              <span aria-label="removed">−</span> {change.before}
            </div>
          )}
          {change.after !== null && (
            <div className="memory-change__after">
              <span aria-label="added">+</span> {change.after}
            </div>
          )}
        </li>
      ))}
    </ul>
  )
}
