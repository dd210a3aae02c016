import type { Virtualizer } from '@tanstack/react-virtual'
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import type { SessionId, TurnId } from '../../../../shared/contract'

/** Within this many screens of the top, the turns before are read (before the reader gets there). */
const NEAR_TOP_SCREENS = 2

type Options = Readonly<{
  sessionId: SessionId | null
  turnIds: readonly TurnId[]
  /** Turns of the chat before the first one shown (it opened on its tail). */
  earlierTurns: number
  loadEarlier: () => Promise<void>
}>

/**
 * A chat opened on its newest turns: when the reader scrolls up near the first of them, the turns
 * before are read; once they are in, the view stays on the turns it showed (the earlier ones go
 * above), instead of jumping to the chat's start.
 */
export function useEarlierTurns(
  scrollRef: RefObject<HTMLDivElement | null>,
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>,
  options: Options
): void {
  const { sessionId, turnIds, earlierTurns, loadEarlier } = options
  // On the reader's scroll only: the first frames, before the chat is put at its end, are not a reader near the top.
  useEffect(() => {
    const element = scrollRef.current
    if (!element || earlierTurns === 0) return
    const onScroll = (): void => {
      if (element.scrollTop < element.clientHeight * NEAR_TOP_SCREENS) void loadEarlier()
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [scrollRef, earlierTurns, loadEarlier])
  const before = useRef<{ sessionId: SessionId | null; first: TurnId | null }>({ sessionId, first: null })
  useLayoutEffect(() => {
    const previous = before.current
    before.current = { sessionId, first: turnIds[0] ?? null }
    const element = scrollRef.current
    if (!element || previous.sessionId !== sessionId || previous.first === null) return
    const index = turnIds.indexOf(previous.first)
    if (index <= 0) return
    // Turns went in above the first one shown: scroll down by their height to stay in place.
    const start = virtualizer.getOffsetForIndex(index, 'start')?.[0]
    if (start !== undefined) virtualizer.scrollToOffset(start + element.scrollTop)
  }, [scrollRef, virtualizer, sessionId, turnIds])
}
