import type { ReactNode } from 'react'
import type { MemoryUsage } from '../../../../shared/contract'
import './memory.css'

/** Where the usage stands against the budget: the bar's colour and the words beside it. */
export function usageTone(usage: MemoryUsage): 'ok' | 'high' | 'full' | 'over' {
  if (usage.chars > usage.limit) return 'over'
  if (usage.percent >= 100) return 'full'
  return usage.percent >= 80 ? 'high' : 'ok'
}

/**
 * "x% — n/limit chars" with a bar that turns amber past 80% and red at the limit. Over the
 * budget (a file edited by hand) the figure is the true one ("113%"), the bar stays full and
 * the meter says the memory tool refuses new entries until the file is trimmed.
 */
export function MemoryUsageMeter({
  usage,
  label
}: Readonly<{ usage: MemoryUsage; label?: string }>): ReactNode {
  const tone = usageTone(usage)
  return (
    <div
      className={`memory-meter memory-meter--${tone}`}
      data-testid="memory-usage-meter"
      data-tone={tone}
      title={`${usage.entryCount} entries`}
    >
      {label !== undefined && <span className="memory-meter__label">{label}</span>}
      <span className="memory-meter__bar" aria-hidden="true">
        <span className="memory-meter__fill" style={{ width: `${Math.min(100, usage.percent)}%` }} />
      </span>
      <span className="memory-meter__text">{usage.text}</span>
      {tone === 'over' && (
        <span className="memory-meter__over" data-testid="memory-usage-over">
          over budget by {(usage.chars - usage.limit).toLocaleString('en-US')} chars — the agent’s additions
          are refused until the file is trimmed
        </span>
      )}
    </div>
  )
}
