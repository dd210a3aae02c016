import type { ReactNode } from 'react'
import type { RequestDiff } from '../../../../shared/contract'
import { DiffRuns } from './DiffRuns'
import { DiffSection } from './DiffSection'

type Tier = RequestDiff['system'][number]

function tierSummary(tier: Tier): string {
  if (tier.status === 'same') return `unchanged · ${tier.afterChars} chars`
  if (tier.status === 'changed') return `changed · ${tier.beforeChars} → ${tier.afterChars} chars`
  return tier.status === 'added' ? `new · ${tier.afterChars} chars` : `gone · ${tier.beforeChars} chars`
}

/** The system prompt tier by tier, labelled with the files each tier was built from. */
export function SystemDiff({ tiers }: Readonly<{ tiers: RequestDiff['system'] }>): ReactNode {
  const changed = tiers.filter((tier) => tier.status !== 'same')
  const summary =
    changed.length === 0 ? 'all tiers identical' : `${changed.map((tier) => tier.tier).join(', ')} changed`
  return (
    <DiffSection title="System" summary={summary} changed={changed.length > 0} testId="inspector-diff-system">
      {tiers.map((tier) => (
        <div
          key={tier.tier}
          className={`diff-part diff-part--${tier.status}`}
          data-testid="inspector-diff-tier"
          data-tier={tier.tier}
          data-status={tier.status}
        >
          <div>
            <strong>{tier.tier}</strong> <span className="diff-badge">{tierSummary(tier)}</span>{' '}
            <span className="muted">from {tier.source || 'no layers'}</span>
          </div>
          {tier.lines.length > 0 && <DiffRuns runs={tier.lines} mode="lines" />}
        </div>
      ))}
    </DiffSection>
  )
}
