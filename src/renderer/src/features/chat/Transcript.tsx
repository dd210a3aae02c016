import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import { RecalledChip } from '../memory'
import { useAppStore } from '../../store/useAppStore'
import { EmptyState } from '../../ui/EmptyState'
import { selectOpenStream } from './chatTurnSlice'
import { groupTurns } from './turnGroups'
import { StoredTurn } from './TurnView'
import { SessionReceipts } from './SessionReceipts'
import { StreamingTurn } from './StreamingTurn'

/** The open session's transcript as stored, plus the reply streaming in. */
export function Transcript(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const stream = useAppStore(selectOpenStream)
  const focus = useAppStore((state) => state.chatFocusMessageId)
  const groups = useMemo(() => (detail ? groupTurns(detail) : []), [detail])
  const usage = useMemo(() => new Map((detail?.turns ?? []).map((turn) => [turn.turnId, turn])), [detail])
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focus === null) end.current?.scrollIntoView({ block: 'end' })
  }, [groups, stream?.text, focus])
  if (!detail && !stream) {
    return (
      <EmptyState title="A new conversation" data-testid="chat-empty">
        Write a message below. The agent’s prompt is assembled once for the session and then stays byte-identical, so every later turn reads it from the cache.
      </EmptyState>
    )
  }
  const storedTurnIds = new Set(groups.map((group) => group.turnId))
  return (
    <div className="chat-transcript" data-testid="chat-transcript">
      {detail &&
        groups.map((group) => (
          <StoredTurn
            key={group.turnId}
            sessionId={detail.id}
            group={group}
            live={stream?.turnId === group.turnId}
            usage={usage.get(group.turnId)}
            focused={focus !== null && (group.userMessageId === focus || group.replies.some((reply) => reply.id === focus))}
          />
        ))}
      {stream && <StreamingTurn stream={stream} showUser={!storedTurnIds.has(stream.turnId)} />}
      {detail && <SessionReceipts sessionId={detail.id} />}
      {detail && <RecalledChip sessionId={detail.id} />}
      <div ref={end} />
    </div>
  )
}
