import type { Virtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react'
import type { ChatScrollAnchor, SessionId, TurnId } from '../../../../shared/contract'
import { useStoreApi } from '../../store/useAppStore'
import { anchorAt } from './chatScrollAnchor'

/** A scroll position is written once scrolling has paused this long (a fling is one write). */
const KEEP_AFTER_MS = 200
/** Within this distance of the bottom the chat counts as read at its end (no place to keep). */
const AT_END_PX = 48

/** Where chats were scrolled back to: read when a chat opens, written as the reader scrolls. */
export interface KeptPlace {
  readonly anchorFor: (sessionId: SessionId) => ChatScrollAnchor | undefined
  readonly keep: (sessionId: SessionId, anchor: ChatScrollAnchor | null) => void
}

/** The store's kept places, read and written outside rendering (scrolling re-renders nothing). */
export function useKeptChatPlaces(): KeptPlace {
  const store = useStoreApi()
  return useMemo(
    () => ({
      anchorFor: (sessionId) => store.getState().chatScroll[sessionId],
      keep: (sessionId, anchor) => store.getState().keepChatScroll(sessionId, anchor)
    }),
    [store]
  )
}

type Options = Readonly<{
  sessionId: SessionId | null
  turnIds: readonly TurnId[]
  kept: KeptPlace
  /** The index of the turn this chat's kept place starts at, or null (opens at its end). */
  restoring: number | null
}>

/**
 * Keeps each chat's scroll position while the reader moves between chats and agents (and, through
 * the kept place, across a reload): scrolling writes the turn at the top of the view and how far
 * into it; opening a chat with such a place scrolls back to it.
 */
export function useKeptPlace(
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>,
  options: Options
): void {
  const { sessionId, turnIds, kept, restoring } = options
  // What the transcript shows now, set in the same commit as the DOM, so a scroll event is always
  // measured against the chat it scrolled (never the one opened since).
  const shown = useRef<{ sessionId: SessionId | null; turnIds: readonly TurnId[] }>({ sessionId, turnIds })
  useLayoutEffect(() => {
    shown.current = { sessionId, turnIds }
  }, [sessionId, turnIds])
  // Read when the chat opens; scrolling within it moves the place, it does not restore it.
  const restoreTo = useRef<ChatScrollAnchor | undefined>(undefined)
  restoreTo.current = sessionId === null || restoring === null ? undefined : kept.anchorFor(sessionId)
  const restoreIndex = useRef(restoring)
  restoreIndex.current = restoring
  useLayoutEffect(() => {
    const anchor = restoreTo.current
    const index = restoreIndex.current
    if (anchor === undefined || index === null) return
    const start = virtualizer.getOffsetForIndex(index, 'start')?.[0]
    if (start !== undefined) virtualizer.scrollToOffset(start + anchor.offsetPx)
  }, [sessionId, virtualizer])
  // The transcript's element appears with the first chat shown (an empty chat has none).
  const showsChat = sessionId !== null
  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    let pending: { sessionId: SessionId; anchor: ChatScrollAnchor | null } | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const flush = (): void => {
      if (pending !== null) kept.keep(pending.sessionId, pending.anchor)
      pending = null
    }
    const onScroll = (): void => {
      const { sessionId: id, turnIds: ids } = shown.current
      if (id === null) return
      const atEnd = element.scrollHeight - element.scrollTop - element.clientHeight <= AT_END_PX
      const anchor = atEnd ? null : anchorAt(virtualizer.getVirtualItems(), element.scrollTop, ids)
      // Another chat's pending place is written now, before this one's replaces it.
      if (pending !== null && pending.sessionId !== id) flush()
      pending = { sessionId: id, anchor }
      clearTimeout(timer)
      timer = setTimeout(flush, KEEP_AFTER_MS)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      element.removeEventListener('scroll', onScroll)
      clearTimeout(timer)
      flush()
    }
  }, [scrollRef, virtualizer, kept, showsChat])
}
