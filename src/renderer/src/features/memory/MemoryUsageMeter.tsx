import type { ReactNode } from 'react'
import type { MemoryUsage } from '../../../../shared/contract'
import './memory.css'

/** "x% — n/limit chars" with a bar that turns amber past 80% and red at the limit. */
export function MemoryUsageMeter({
  usage,
  label
}: Readonly<{ usage: MemoryUsage; label?: string }>): ReactNode {
  const tone = usage.percent >= 100 ? 'full' : usage.percent >= 80 ? 'high' : 'ok'
  return (
    <div
      className={`memory-meter memory-meter--${tone}`}
      data-testid="memory-usage-meter"
      title={`${usage.entryCount} entries`}
    >
      {label !== undefined && <span className="memory-meter__label">{label}</span>}
      <span className="memory-meter__bar" aria-hidden="true">
        <span className="memory-meter__fill" style={{ width: `${usage.percent}%` }} />
      </span>
      <span className="memory-meter__text">{usage.text}</span>
    </div>
  )
}
