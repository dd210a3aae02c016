import { useEffect, type ReactNode } from 'react'
import type { FactStatus } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import './memory.css'

interface ProposedWrite {
  readonly target: string
  /** The candidate the write became; absent in results stored before candidates were named. */
  readonly candidateId: number | null
}

/** The memory tool's answer in "ask me first" mode: the write became a candidate (null for anything else). */
function proposedWrite(toolName: string, result: string | null): ProposedWrite | null {
  if (toolName !== 'memory' || result === null) return null
  try {
    const parsed = JSON.parse(result) as {
      pending_approval?: unknown
      target?: unknown
      candidate_id?: unknown
    }
    if (parsed.pending_approval !== true) return null
    return {
      target: parsed.target === 'user' ? 'USER.md' : 'MEMORY.md',
      candidateId: typeof parsed.candidate_id === 'number' ? parsed.candidate_id : null
    }
  } catch {
    // Not the memory tool's JSON: there is no proposed write to describe.
    return null
  }
}

/** The note's words for the candidate's state now (the tool's answer was only true when it was given). */
function decisionText(status: FactStatus, target: string): ReactNode {
  switch (status) {
    case 'pending':
      return (
        <>
          <strong>Waiting for your approval.</strong> Nothing was written to {target} yet; the change waits in
          Review.
        </>
      )
    case 'approved':
      return (
        <>
          <strong>Approved in Review</strong> and written to {target}; the receipt below shows where it stands
          now.
        </>
      )
    case 'rejected':
      return (
        <>
          <strong>Rejected in Review.</strong> Nothing was written to {target}.
        </>
      )
    case 'superseded':
      return (
        <>
          <strong>Merged in Review</strong> into another candidate; this write itself was not made.
        </>
      )
    case 'forgotten':
      return (
        <>
          <strong>Approved, then forgotten.</strong> It was written to {target} and later removed in Memories.
        </>
      )
  }
}

/**
 * Beside a memory-tool call that was proposed for approval: what became of it — still waiting
 * (with the way to Review), approved and written, or rejected. Renders nothing for other calls.
 */
export function PendingWriteNote({
  toolName,
  result
}: Readonly<{ toolName: string; result: string | null }>): ReactNode {
  const navigate = useAppStore((state) => state.navigate)
  const proposed = proposedWrite(toolName, result)
  const candidateId = proposed?.candidateId ?? null
  const status = useAppStore((state) =>
    candidateId === null ? undefined : state.pendingWriteStatus[candidateId]
  )
  const load = useAppStore((state) => state.loadPendingWriteStatus)
  useEffect(() => {
    if (candidateId !== null) void load(candidateId)
  }, [candidateId, load])
  if (proposed === null) return null
  const decided = status ?? 'pending'
  return (
    <div className="memory-card memory-pending" data-testid="memory-pending-write" data-status={decided}>
      <span>{decisionText(decided, proposed.target)}</span>
      {decided === 'pending' && (
        <Button size="small" onClick={() => navigate('review')}>
          Open Review
        </Button>
      )}
    </div>
  )
}
