import type { ReactNode } from 'react'
import type { SessionId, TurnView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { cacheNote, cachePercent, formatTokens, formatUsd, totalInput } from './format'

/** The turn's tokens, cache share and cache notes: shown when the user turned "usage" on. */
function UsageDetail({ turn }: Readonly<{ turn: TurnView }>): ReactNode {
  const reasons = [...new Set(turn.calls.flatMap((call) => (call.missReason ? [call.missReason] : [])))]
  const notes = reasons.map(cacheNote)
  return (
    <>
      <span>
        {formatTokens(totalInput(turn.usage))} in · {formatTokens(turn.usage.output_tokens)} out
      </span>
      <span data-testid="turn-cache-share">{cachePercent(turn.usage)}% from cache</span>
      {notes.map((note) => (
        <span
          key={note.text}
          className={note.expected ? 'turn-footer__note' : 'turn-footer__miss'}
          data-testid="turn-cache-note"
        >
          {note.text}
        </span>
      ))}
    </>
  )
}

/** Per-turn footer: the cost, a "usage" toggle for tokens and cache detail, and Inspect for the exact request. */
export function TurnFooter({
  sessionId,
  turn
}: Readonly<{ sessionId: SessionId; turn: TurnView }>): ReactNode {
  const inspect = useAppStore((state) => state.inspectTurn)
  const navigate = useAppStore((state) => state.navigate)
  const showUsage = useAppStore((state) => state.chatShowUsage)
  const toggleUsage = useAppStore((state) => state.toggleChatUsage)
  return (
    <div className="turn-footer" data-testid="turn-footer">
      <span>{formatUsd(turn.costUsd)}</span>
      {showUsage && <UsageDetail turn={turn} />}
      <Button
        size="small"
        variant="ghost"
        aria-pressed={showUsage}
        title="Show tokens and cache use under every turn"
        onClick={toggleUsage}
        data-testid="turn-usage-toggle"
      >
        usage
      </Button>
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
