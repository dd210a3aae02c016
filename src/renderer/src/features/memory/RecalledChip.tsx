import { useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { RecalledItem, TurnId } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import './memory.css'

/** BM25 scores of a tiny bank are near zero (every word is common there); say so instead of "0.00". */
function formatScore(score: number): string {
  return score >= 0.01 ? score.toFixed(2) : '<0.01'
}

function RecalledRow({
  item,
  report
}: Readonly<{ item: RecalledItem; report: (message: string) => void }>): ReactNode {
  const { pin, suppress, flag } = useAppStore(
    useShallow((s) => ({ pin: s.pinFact, suppress: s.suppressFact, flag: s.flagFactWrong }))
  )
  const id = item.factId
  const act = (action: Promise<{ ok: boolean; message?: string; value?: unknown }>, done: string): void => {
    void action.then((outcome) =>
      report(
        outcome.ok
          ? typeof outcome.value === 'string'
            ? outcome.value
            : done
          : (outcome.message ?? 'Not done')
      )
    )
  }
  return (
    <li className="recalled__item" data-testid="recalled-item">
      <span
        className="recalled__score"
        title="BM25 score: higher is more relevant; only meaningful next to the other scores"
      >
        {formatScore(item.score)}
      </span>
      <span className="recalled__text">
        {item.kind === 'file' ? <code>memories/{item.slug}.md</code> : null} {item.text}
      </span>
      {id !== null && (
        <span className="recalled__actions">
          <Button
            size="small"
            variant="ghost"
            onClick={() => act(pin(id, 'memory'), 'Pinned')}
            data-testid="recalled-pin"
          >
            Pin
          </Button>
          <Button
            size="small"
            variant="ghost"
            onClick={() => act(suppress(id), 'It will not be recalled again')}
            data-testid="recalled-suppress"
          >
            Suppress
          </Button>
          <Button
            size="small"
            variant="ghost"
            onClick={() => act(flag(id), 'Sent back to Review')}
            data-testid="recalled-wrong"
          >
            This is wrong
          </Button>
        </span>
      )}
    </li>
  )
}

/**
 * "Recalled this turn": what the memory bank added to one user message (by turn id, live from
 * `memory.recalled` or loaded from the core's recall log), with scores, and the ways to correct
 * it (pin, suppress, or send it back to the review inbox). Renders nothing when the turn
 * recalled nothing.
 */
export function RecalledChip({ turnId }: Readonly<{ turnId: TurnId }>): ReactNode {
  const recalled = useAppStore((state) => state.recalledByTurn[turnId])
  const [open, setOpen] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  if (recalled === undefined || recalled.items.length === 0) return null
  const count = recalled.items.length
  return (
    <div className="memory-card recalled" data-testid="recalled-chip">
      <button type="button" className="recalled__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        Recalled this turn: {count} memor{count === 1 ? 'y' : 'ies'}
      </button>
      {open && (
        <ul className="recalled__list">
          {recalled.items.map((item, i) => (
            <RecalledRow
              key={`${item.kind}-${item.factId ?? item.slug}-${i}`}
              item={item}
              report={setNotice}
            />
          ))}
        </ul>
      )}
      {notice !== null && (
        <div className="muted recalled__notice" role="status">
          {notice}
        </div>
      )}
    </div>
  )
}
