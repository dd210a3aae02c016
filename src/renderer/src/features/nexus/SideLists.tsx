import type { ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { EmptyState } from '../../ui/EmptyState'
import { useAppStore } from '../../store/useAppStore'
import { EntryCard } from './EntryCard'
import { selectNexusCheckpoints, selectNexusDecisions } from './nexusSlice'

/** The decision log: every decision with its rationale, newest first. */
export function DecisionLog(): ReactNode {
  const decisions = useAppStore(useShallow(selectNexusDecisions))
  if (decisions.length === 0)
    return (
      <EmptyState title="No decisions yet">
        Decisions agents post with a rationale are collected here.
      </EmptyState>
    )
  return (
    <div className="nexus-side-list" data-testid="nexus-decisions">
      {[...decisions].reverse().map((entry) => (
        <EntryCard key={entry.seq} entry={entry} compact />
      ))}
    </div>
  )
}

/** The latest working checkpoint of each agent: where it stood; it is injected when the agent resumes. */
export function CheckpointList(): ReactNode {
  const checkpoints = useAppStore(useShallow(selectNexusCheckpoints))
  if (checkpoints.length === 0) {
    return (
      <EmptyState title="No checkpoints yet">
        Agents leave a checkpoint during long tasks (every few tool calls) and when a session is compressed.
      </EmptyState>
    )
  }
  return (
    <div className="nexus-side-list" data-testid="nexus-checkpoints">
      {checkpoints.map((entry) => (
        <EntryCard key={entry.seq} entry={entry} compact />
      ))}
    </div>
  )
}
