import { useEffect, useMemo, useRef, type ReactNode } from 'react'
import type { MemoryReceipt } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { EmptyState } from '../../ui/EmptyState'
import { selectOpenStream } from './chatTurnSlice'
import { groupTurns } from './turnGroups'
import { placeTurnMemory, type TurnMemory } from './turnMemory'
import { StoredTurn } from './TurnView'
import { StreamingTurn } from './StreamingTurn'

const NO_RECEIPTS: readonly MemoryReceipt[] = []

/** The open session's transcript as stored, plus the reply streaming in, each turn with its memory signals. */
export function Transcript(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const stream = useAppStore(selectOpenStream)
  const focus = useAppStore((state) => state.chatFocusMessageId)
  const failures = useAppStore((state) => state.chatFailures)
  const receipts = useAppStore((state) =>
    detail ? (state.receiptsBySession[detail.id] ?? NO_RECEIPTS) : NO_RECEIPTS
  )
  const loadReceipts = useAppStore((state) => state.loadSessionReceipts)
  const loadRecalls = useAppStore((state) => state.loadSessionRecalls)
  const groups = useMemo(() => (detail ? groupTurns(detail) : []), [detail])
  const memory = useMemo(
    () => (detail ? placeTurnMemory(detail, groups, receipts) : new Map<string, TurnMemory>()),
    [detail, groups, receipts]
  )
  const usage = useMemo(() => new Map((detail?.turns ?? []).map((turn) => [turn.turnId, turn])), [detail])
  const versions = useMemo(
    () => new Map((detail?.versions ?? []).map((group) => [group.turnId, group])),
    [detail]
  )
  const locked = useMemo(() => new Set(detail?.lockedTurnIds ?? []), [detail])
  const end = useRef<HTMLDivElement>(null)
  const sessionId = detail?.id ?? null
  useEffect(() => {
    // Receipts and recalls of earlier turns are stored; later ones arrive as `memory.*` events.
    if (sessionId === null) return
    void loadReceipts(sessionId)
    void loadRecalls(sessionId)
  }, [loadReceipts, loadRecalls, sessionId])
  useEffect(() => {
    if (focus === null) end.current?.scrollIntoView({ block: 'end' })
  }, [groups, stream?.text, focus])
  if (!detail && !stream) {
    return (
      <EmptyState title="A new conversation" data-testid="chat-empty">
        Write a message below. The agent’s prompt is assembled once for the session and then stays
        byte-identical, so every later turn reads it from the cache.
      </EmptyState>
    )
  }
  const storedTurnIds = new Set(groups.map((group) => group.turnId))
  return (
    <div className="chat-transcript" data-testid="chat-transcript">
      {detail &&
        groups.map((group, index) => (
          <StoredTurn
            key={group.turnId}
            sessionId={detail.id}
            group={group}
            live={stream?.turnId === group.turnId}
            usage={usage.get(group.turnId)}
            memory={memory.get(group.turnId)}
            focusMessageId={focus}
            versions={versions.get(group.turnId)}
            isLast={index === groups.length - 1}
            locked={locked.has(group.turnId)}
            failure={
              detail.retry?.turnId === group.turnId
                ? (failures[group.turnId] ?? detail.retry.error)
                : undefined
            }
          />
        ))}
      {stream && (
        <StreamingTurn
          stream={stream}
          showUser={!storedTurnIds.has(stream.turnId)}
          receipts={memory.get(stream.turnId)?.receipts ?? NO_RECEIPTS}
        />
      )}
      <div ref={end} />
    </div>
  )
}
