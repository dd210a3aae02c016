import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffSection } from './DiffSection'

/** Where the cache_control markers sat before and now: a moved marker is one removed and one added place. */
export function BreakpointsDiff({
  breakpoints
}: Readonly<{ breakpoints: RequestDiff['breakpoints'] }>): ReactNode {
  const moved = breakpoints.added.length + breakpoints.removed.length > 0
  const summary = moved
    ? `${breakpoints.removed.length} left, ${breakpoints.added.length} placed, ${breakpoints.kept.length} stayed`
    : `all ${breakpoints.kept.length} in the same places`
  const rows = [
    ...breakpoints.removed.map((place) => ({ place, status: 'removed' as const, word: 'left' })),
    ...breakpoints.added.map((place) => ({ place, status: 'added' as const, word: 'placed' })),
    ...breakpoints.kept.map((place) => ({ place, status: 'same' as const, word: 'stayed' }))
  ]
  return (
    <DiffSection title="Breakpoints" summary={summary} changed={moved} testId="inspector-diff-breakpoints">
      <ul className="diff-list">
        {rows.map((row) => (
          <li key={`${row.status}-${row.place}`} className={`diff-part diff-part--${row.status}`}>
            ◆ {row.place} <span className="diff-badge">{row.word}</span>
          </li>
        ))}
      </ul>
    </DiffSection>
  )
}
