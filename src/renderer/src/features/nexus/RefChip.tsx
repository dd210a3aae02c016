import type { ReactNode } from 'react'
import { useLaneFocus } from './laneFocus'

type RefChipProps = Readonly<{
  target: number
  /** "acks", "resolved by", "conflicts with"… */
  verb: string
  tone: 'ref' | 'backlink' | 'conflict'
  /** False when the target is older than the entries loaded: nothing to light up yet. */
  loaded: boolean
}>

/**
 * A link between two entries of the lanes view. Pointing at it highlights the other entry
 * wherever its column is; clicking pins the highlight and scrolls the entry into view.
 */
export function RefChip({ target, verb, tone, loaded }: RefChipProps): ReactNode {
  const { hover, pin, pinned } = useLaneFocus()
  const title = loaded
    ? `Show #${target}`
    : `#${target} is older than the entries loaded; use "Load older entries" to see it`
  return (
    <button
      type="button"
      className={`lane-chip lane-chip--${tone}`}
      aria-pressed={pinned === target}
      title={title}
      disabled={!loaded}
      onMouseEnter={() => hover(target)}
      onMouseLeave={() => hover(null)}
      onFocus={() => hover(target)}
      onBlur={() => hover(null)}
      onClick={() => pin(target)}
      data-testid="nexus-ref-chip"
      data-target={target}
    >
      {tone === 'conflict' ? '⚠ ' : tone === 'ref' ? '↳ ' : '↩ '}
      {verb} #{target}
    </button>
  )
}
