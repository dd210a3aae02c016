import type { ReactNode } from 'react'
import { detectUnsavedMemoryClaim } from '../../../../shared/contract/constants'
import './memory.css'

/**
 * Flags a reply that says it saved or will remember something when no memory write happened in
 * that turn, so an "I'll remember that" is never taken on trust. Renders nothing otherwise.
 */
export function UnsavedClaimFlag({
  replyText,
  memoryWritesThisTurn
}: Readonly<{ replyText: string; memoryWritesThisTurn: number }>): ReactNode {
  const claim = detectUnsavedMemoryClaim(replyText, memoryWritesThisTurn)
  if (claim === null) return null
  return (
    <div className="memory-card memory-claim" role="note" data-testid="unsaved-memory-claim">
      <strong>Not saved.</strong> The reply says “{claim}”, but nothing was written to memory in this turn.
      Ask the agent to save it, or add it in Files.
    </div>
  )
}
