import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import './memory.css'

/** The memory tool's answer in "ask me first" mode: the write became a candidate (null for anything else). */
function pendingCandidate(toolName: string, result: string | null): { target: string } | null {
  if (toolName !== 'memory' || result === null) return null
  try {
    const parsed = JSON.parse(result) as { pending_approval?: unknown; target?: unknown }
    return parsed.pending_approval === true
      ? { target: parsed.target === 'user' ? 'USER.md' : 'MEMORY.md' }
      : null
  } catch {
    return null
  }
}

/**
 * Beside a memory-tool call that now waits for approval: nothing was written, and the way to the
 * Review inbox where it can be approved (and written) or rejected. Renders nothing otherwise.
 */
export function PendingWriteNote({
  toolName,
  result
}: Readonly<{ toolName: string; result: string | null }>): ReactNode {
  const navigate = useAppStore((state) => state.navigate)
  const pending = pendingCandidate(toolName, result)
  if (pending === null) return null
  return (
    <div className="memory-card memory-pending" data-testid="memory-pending-write">
      <span>
        <strong>Waiting for your approval.</strong> Nothing was written to {pending.target} yet; the change
        waits in Review.
      </span>
      <Button size="small" onClick={() => navigate('review')}>
        Open Review
      </Button>
    </div>
  )
}
