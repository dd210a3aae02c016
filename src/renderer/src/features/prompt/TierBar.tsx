import type { ReactNode } from 'react'
import type { AssembledPromptView, PromptTier } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'
import { TIER_LABELS } from './layerInfo'

const TIERS: readonly PromptTier[] = ['stable', 'context', 'volatile']

/** The three tiers as one proportional bar with their token estimates, then the prompt-wide warnings. */
export function TierBar({ view }: Readonly<{ view: AssembledPromptView }>): ReactNode {
  const tokens = (tier: PromptTier): number =>
    view.layers.filter((layer) => layer.tier === tier).reduce((sum, layer) => sum + layer.tokens, 0)
  const total = Math.max(
    1,
    TIERS.reduce((sum, tier) => sum + tokens(tier), 0)
  )
  return (
    <section className="prompt-summary" aria-label="Prompt size" data-testid="prompt-summary">
      <p className="prompt-summary__total">
        <strong data-testid="prompt-tokens">≈ {view.tokens.toLocaleString('en-US')} tokens</strong> ·{' '}
        {view.text.length.toLocaleString('en-US')} characters · model <code>{view.model}</code> · platform{' '}
        <code>{view.platform}</code> · {view.toolNames.length} tools
      </p>
      <div className="tier-bar" role="img" aria-label="Share of each tier">
        {TIERS.filter((tier) => tokens(tier) > 0).map((tier) => (
          <span
            key={tier}
            className={`tier-bar__part tier--${tier}`}
            style={{ flexGrow: tokens(tier) / total }}
            title={TIER_LABELS[tier]}
          >
            {tier} {tokens(tier)}
          </span>
        ))}
      </div>
      {view.warnings.map((warning) => (
        <Banner key={warning} tone="warning" title="Warning" data-testid="prompt-warning">
          {warning}
        </Banner>
      ))}
    </section>
  )
}
