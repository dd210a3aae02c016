import type { ReactNode } from 'react'
import type { TurnView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { cachePercent, formatTokens, formatUsd, MISS_REASON_TEXT, totalInput } from './format'

/** Per-turn usage: tokens in and out, the share read from cache, cost, and why the cache missed. */
export function TurnFooter({ sessionId, turn }: Readonly<{ sessionId: string; turn: TurnView }>): ReactNode {
  const inspect = useAppStore((state) => state.inspectTurn)
  const navigate = useAppStore((state) => state.navigate)
  const reasons = [...new Set(turn.calls.flatMap((call) => (call.missReason ? [call.missReason] : [])))]
  return (
    <div className="turn-footer" data-testid="turn-footer">
      <span>{formatTokens(totalInput(turn.usage))} in · {formatTokens(turn.usage.output_tokens)} out</span>
      <span data-testid="turn-cache-share">{cachePercent(turn.usage)}% from cache</span>
      <span>{formatUsd(turn.costUsd)}</span>
      {reasons.length > 0 && <span className="turn-footer__miss" title="Why this turn read less from the cache than it could">cache miss: {reasons.map((r) => MISS_REASON_TEXT[r] ?? r).join('; ')}</span>}
      <Button
        size="small"
        variant="ghost"
        data-testid="turn-inspect"
        onClick={() => {
          void inspect({ sessionId, turnId: turn.turnId })
          navigate('inspector')
        }}
      >
        Inspect
      </Button>
    </div>
  )
}
