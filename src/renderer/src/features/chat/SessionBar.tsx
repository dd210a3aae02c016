import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { selectOpenSessionEnded } from './chatEndSlice'
import { formatTokens, formatUsd } from './format'

/**
 * The open session at a glance: model, prompt version, what it cost and what caching saved,
 * and the two actions that throw the cache away (each asks first, stating the cost; an ended
 * session has neither).
 */
export function SessionBar(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const ask = useAppStore((state) => state.askCacheBreak)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const showUsage = useAppStore((state) => state.chatShowUsage)
  const ended = useAppStore(selectOpenSessionEnded)
  const [model, setModel] = useState('')
  if (!detail) return null
  const totals = detail.totals
  return (
    <div className="chat-session-bar" data-testid="chat-session-bar">
      <span className="chat-session-bar__model">{detail.model}</span>
      <span className="muted">prompt v{detail.promptVersion}</span>
      <span data-testid="chat-session-cost">
        {formatUsd(totals.costUsd)} spent · {formatUsd(Math.max(0, totals.savedUsd))} saved by caching
      </span>
      {showUsage && (
        <span className="muted">{formatTokens(totals.cacheReadTokens)} tokens read from cache</span>
      )}
      {!ended && (
        <span className="chat-session-bar__actions">
          <input
            className="chat-session-bar__model-input"
            placeholder="another model…"
            aria-label="Model to switch to"
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
          <Button
            size="small"
            disabled={busy || model.trim() === '' || model.trim() === detail.model}
            onClick={() => void ask('switch-model', model.trim())}
            data-testid="chat-switch-model"
          >
            Switch model
          </Button>
          <Button size="small" disabled={busy} onClick={() => void ask('rebuild')} data-testid="chat-rebuild">
            Rebuild prompt
          </Button>
        </span>
      )}
    </div>
  )
}
