import { memo, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '../../store/useAppStore'
import { LaneHeader } from './LaneHeader'
import type { LanesModel } from './lanes'
import { selectNexusCheckpoints, selectNexusCursors } from './nexusSlice'

/** One lane header per author: checkpoint from the whole log, unread count from its cursor. */
// Memoised: the lanes re-render on every scroll step, the headers only when the model changes.
export const LaneHeaders = memo(function LaneHeaders({ model }: Readonly<{ model: LanesModel }>): ReactNode {
  const checkpoints = useAppStore(useShallow(selectNexusCheckpoints))
  const cursors = useAppStore(useShallow(selectNexusCursors))
  const agentIds = useAppStore(useShallow((state) => state.agentIds))
  return model.lanes.map((lane, index) => (
    <div key={lane.author} className="lanes__head" style={{ gridRow: 1, gridColumn: index + 2 }}>
      <LaneHeader
        lane={lane}
        checkpoint={checkpoints.find((entry) => entry.agent === lane.author)}
        cursor={cursors.find((cursor) => cursor.agent === lane.author)}
        isAgent={agentIds.some((id) => id === lane.author)}
      />
    </div>
  ))
})
