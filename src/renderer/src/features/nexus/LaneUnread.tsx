import type { ReactNode } from 'react'
import type { NexusCursor } from '../../../../shared/contract'

/** What an author's next turn will be shown, or why nothing is counted for it. */
export function LaneUnread({
  author,
  cursor,
  isAgent
}: Readonly<{ author: string; cursor: NexusCursor | undefined; isAgent: boolean }>): ReactNode {
  if (cursor === undefined || (!isAgent && cursor.updatedAt === null)) {
    return (
      <span
        className="muted lane-head__unread"
        title={`${author} has no read cursor: it reads the log itself (e.g. nexus_read over MCP), so nothing is injected for it`}
      >
        reads on demand
      </span>
    )
  }
  const where = cursor.seq === 0 ? 'has not read the log yet' : `last read up to #${cursor.seq}`
  return (
    <span
      className={`status-pill lane-head__unread ${cursor.unread > 0 ? 'status-pill--warn' : 'status-pill--good'}`}
      title={`${author} ${where}; entries by others since then are shown to its next turn`}
      data-testid="nexus-lane-unread"
    >
      {cursor.unread > 0 ? `${cursor.unread} unread` : 'up to date'}
    </span>
  )
}
