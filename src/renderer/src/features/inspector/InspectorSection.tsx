import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { EmptyState } from '../../ui/EmptyState'
import { CallCard } from './CallCard'
import './inspector.css'

/** Turns of the session open in Chat, to pick one to inspect. */
function TurnPicker(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const target = useAppStore((state) => state.inspectorTarget)
  const inspect = useAppStore((state) => state.inspectTurn)
  if (!detail) return null
  return (
    <div className="inspector-turns" role="tablist" aria-label="Turns">
      {detail.turns.map((turn, i) => (
        <Button key={turn.turnId} size="small" variant={target?.turnId === turn.turnId ? 'primary' : 'ghost'} onClick={() => void inspect({ sessionId: detail.id, turnId: turn.turnId })} data-testid="inspector-turn">
          Turn {i + 1}
        </Button>
      ))}
    </div>
  )
}

/** Inspector: for one turn, every API call's exact request, where the cache markers sat, usage and miss reason. */
export function InspectorSection(): ReactNode {
  const calls = useAppStore((state) => state.inspectorCalls)
  const error = useAppStore((state) => state.inspectorError)
  const target = useAppStore((state) => state.inspectorTarget)
  return (
    <div className="section inspector-section" data-testid="inspector-section">
      <header className="section__header">
        <h1 className="section__title">Inspector</h1>
        <span className="section__subtitle">What each turn really sent, and what the cache did with it</span>
      </header>
      <TurnPicker />
      {error !== null && (
        <Banner tone="danger" title="This turn could not be inspected" data-testid="inspector-error">
          {error}
        </Banner>
      )}
      {target === null ? (
        <EmptyState title="Pick a turn" data-testid="inspector-empty">
          Open a session in Chat and press Inspect under a reply, or pick a turn above.
        </EmptyState>
      ) : (
        calls.map((call) => <CallCard key={call.callId} call={call} />)
      )}
    </div>
  )
}
