import { useEffect, useMemo, type FocusEvent, type ReactNode } from 'react'
import type { MemoryReceipt, MessageId } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { EmptyState } from '../../ui/EmptyState'
import { selectOpenStream } from './chatTurnSlice'
import { groupTurns, type TurnGroup } from './turnGroups'
import { placeTurnMemory, type TurnMemory } from './turnMemory'
import { StoredTurn } from './TurnView'
import { StreamingTurn } from './StreamingTurn'
import { useKeptChatPlaces } from './useKeptPlace'
import { useTranscriptScroll } from './useTranscriptScroll'
import { useEarlierTurns } from './useEarlierTurns'

const NO_RECEIPTS: readonly MemoryReceipt[] = []

/** The index of the turn holding a message, or null. */
function turnIndexOf(groups: readonly TurnGroup[], messageId: MessageId | null): number | null {
  if (messageId === null) return null
  const index = groups.findIndex(
    (group) => group.userMessageId === messageId || group.replies.some((reply) => reply.id === messageId)
  )
  return index === -1 ? null : index
}

/** The turn index of the row holding an element, from the row's `data-index`. */
function rowIndexOf(target: EventTarget | null): number | null {
  const row = target instanceof Element ? target.closest<HTMLElement>('[data-index]') : null
  return row?.dataset['index'] !== undefined ? Number(row.dataset['index']) : null
}

/** The open session's transcript as stored, plus the reply streaming in, each turn with its memory signals. */
export function Transcript(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const stream = useAppStore(selectOpenStream)
  const focus = useAppStore((state) => state.chatFocusMessageId)
  const focusRequest = useAppStore((state) => state.chatFocusRequest)
  const failures = useAppStore((state) => state.chatFailures)
  const receipts = useAppStore((state) =>
    detail ? (state.receiptsBySession[detail.id] ?? NO_RECEIPTS) : NO_RECEIPTS
  )
  const loadReceipts = useAppStore((state) => state.loadSessionReceipts)
  const loadRecalls = useAppStore((state) => state.loadSessionRecalls)
  const loadEarlier = useAppStore((state) => state.loadEarlierChat)
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
  const sessionId = detail?.id ?? null
  const earlier = detail?.earlierTurns ?? 0
  const turnIds = useMemo(() => groups.map((group) => group.turnId), [groups])
  const { scrollRef, virtualizer, onFocusChange } = useTranscriptScroll({
    count: groups.length,
    sessionId,
    focusIndex: useMemo(() => turnIndexOf(groups, focus), [groups, focus]),
    focusRequest,
    tail: stream?.text,
    streamTurnId: stream?.turnId ?? null,
    turnIds,
    kept: useKeptChatPlaces()
  })
  const rows = virtualizer.getVirtualItems()
  useEarlierTurns(scrollRef, virtualizer, {
    sessionId,
    turnIds,
    earlierTurns: earlier,
    loadEarlier
  })
  useEffect(() => {
    // Receipts and recalls of earlier turns are stored; later ones arrive as `memory.*` events.
    if (sessionId === null) return
    void loadReceipts(sessionId)
    void loadRecalls(sessionId)
  }, [loadReceipts, loadRecalls, sessionId])
  if (!detail && !stream) {
    return (
      <EmptyState title="A new conversation" data-testid="chat-empty">
        Write a message below to start. The agent reads its files (SOUL.md, USER.md, MEMORY.md and the
        project’s rules) once, when the chat starts; what you change in Files later reaches the next chat.
      </EmptyState>
    )
  }
  const storedTurnIds = new Set(turnIds)
  // Focus leaving the transcript (not moving between its turns) lets the kept turn go.
  const onBlur = (event: FocusEvent): void => {
    if (!event.currentTarget.contains(event.relatedTarget)) onFocusChange(null)
  }
  return (
    <>
      {earlier > 0 && (
        <p className="chat-earlier" role="status" data-testid="chat-earlier">
          The newest {groups.length} turns; {earlier} earlier {earlier === 1 ? 'turn loads' : 'turns load'} as
          you scroll up.{' '}
          <button type="button" className="link-button" onClick={() => void loadEarlier()}>
            Show them now
          </button>
        </p>
      )}
      <div ref={scrollRef} className="chat-transcript" data-testid="chat-transcript">
        {detail && (
          <div
            className="chat-transcript__sizer"
            style={{ height: virtualizer.getTotalSize() }}
            role="list"
            aria-label="Conversation"
            onFocus={(event) => onFocusChange(rowIndexOf(event.target))}
            onBlur={onBlur}
          >
            {rows.map((row) => {
              const group = groups[row.index]
              if (!group) return null
              return (
                <div
                  key={group.turnId}
                  ref={virtualizer.measureElement}
                  data-index={row.index}
                  className="chat-transcript__row"
                  style={{ top: row.start }}
                  role="listitem"
                  aria-setsize={earlier + groups.length}
                  aria-posinset={earlier + row.index + 1}
                >
                  <StoredTurn
                    sessionId={detail.id}
                    group={group}
                    live={stream?.turnId === group.turnId}
                    usage={usage.get(group.turnId)}
                    memory={memory.get(group.turnId)}
                    focusMessageId={focus}
                    versions={versions.get(group.turnId)}
                    isLast={row.index === groups.length - 1}
                    locked={locked.has(group.turnId)}
                    failure={
                      detail.retry?.turnId === group.turnId
                        ? (failures[group.turnId] ?? detail.retry.error)
                        : undefined
                    }
                  />
                </div>
              )
            })}
          </div>
        )}
        {stream && (
          <StreamingTurn
            stream={stream}
            showUser={!storedTurnIds.has(stream.turnId)}
            receipts={memory.get(stream.turnId)?.receipts ?? NO_RECEIPTS}
          />
        )}
      </div>
    </>
  )
}
