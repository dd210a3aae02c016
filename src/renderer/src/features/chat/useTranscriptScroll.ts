import type { ChatScrollAnchor, SessionId, TurnId } from '../../../../shared/contract'
import { defaultRangeExtractor, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { useKeptPlace, type KeptPlace } from './useKeptPlace'

/** A turn's height before it is measured: a short exchange with its actions and footer. */
const ESTIMATED_TURN_PX = 220
/** Turns drawn beyond the visible ones, so a short chat is drawn whole and scrolling never shows a gap. */
const OVERSCAN_TURNS = 8
/**
 * Beyond the visible turns, while a chat is being put on screen: each turn is a markdown render,
 * and a long chat's first frame should not wait for eight turns nobody sees yet.
 */
const OPENING_OVERSCAN_TURNS = 1
/** How soon after a chat is drawn the turns around the view are drawn too. */
const OVERSCAN_AFTER_MS = 120
/** Within this distance of the bottom the transcript follows new text as it streams. */
const STICK_THRESHOLD_PX = 48

export interface TranscriptScroll {
  readonly scrollRef: RefObject<HTMLDivElement | null>
  readonly virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>
  /** Where focus enters or leaves a turn: the focused turn stays drawn when it scrolls out of view. */
  readonly onFocusChange: (index: number | null) => void
}

type ScrollOptions = Readonly<{
  count: number
  sessionId: SessionId | null
  /** The turn holding the message to show (a search hit, a memory's source), or null. */
  focusIndex: number | null
  /** Changes with every request to show a message, even the same one again. */
  focusRequest: number
  /** Anything that grows the bottom of the transcript (streamed text, a new turn). */
  tail: unknown
  /** A reply started streaming: the user just sent, so the transcript goes to the bottom. */
  streamTurnId: TurnId | null
  /** The turns in order, so a place is kept by turn (and each turn's measured height stays its own). */
  turnIds: readonly TurnId[]
  /** Where each chat was scrolled back to, read when a chat opens and written as the reader scrolls. */
  kept: KeptPlace
}>

/** True while a text box inside the transcript (an edited message) has the focus. */
function isEditingIn(element: HTMLElement): boolean {
  const active = element.ownerDocument.activeElement
  return active instanceof HTMLTextAreaElement && element.contains(active)
}

function isNearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= STICK_THRESHOLD_PX
}

/**
 * The transcript's scrolling: only the turns near the viewport are in the DOM (measured as they
 * render), it opens at the newest turn, follows a streaming reply while the reader is at the bottom
 * (and lets them read back undisturbed otherwise), and centres a focused message when one is asked for.
 */
export function useTranscriptScroll(options: ScrollOptions): TranscriptScroll {
  const { count, sessionId, focusIndex, focusRequest, tail, streamTurnId, turnIds, kept } = options
  const scrollRef = useRef<HTMLDivElement>(null)
  const stuck = useRef(true)
  const [keptIndex, setKeptIndex] = useState<number | null>(null)
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (keptIndex === null || keptIndex >= range.count || indexes.includes(keptIndex)) return indexes
      return [...indexes, keptIndex].sort((a, b) => a - b)
    },
    [keptIndex]
  )
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_TURN_PX,
    overscan: useOverscan(sessionId),
    // Opening a chat starts at its end, so the first frame already draws the newest turns.
    initialOffset: () => count * ESTIMATED_TURN_PX,
    rangeExtractor,
    getItemKey: useCallback((index: number) => turnIds[index] ?? index, [turnIds])
  })
  // A chat scrolled back opens where it was left; any other opens at its end.
  const restoring = sessionId !== null && focusIndex === null ? restoreIndex(kept, sessionId, turnIds) : null
  useStickToBottom(scrollRef, stuck, virtualizer, {
    sessionId,
    focusIndex: focusIndex ?? restoring,
    tail,
    streamTurnId
  })
  useKeptPlace(scrollRef, virtualizer, { sessionId, turnIds, kept, restoring })
  useScrollToFocus(virtualizer, stuck, { sessionId, focusIndex, focusRequest })
  return { scrollRef, virtualizer, onFocusChange: setKeptIndex }
}

/** A chat opens with the turns in view; the ones around them are drawn just after. */
function useOverscan(sessionId: SessionId | null): number {
  const [settled, setSettled] = useState<SessionId | null>(null)
  useEffect(() => {
    if (sessionId === null) return
    const timer = setTimeout(() => setSettled(sessionId), OVERSCAN_AFTER_MS)
    return () => clearTimeout(timer)
  }, [sessionId])
  return settled === sessionId ? OVERSCAN_TURNS : OPENING_OVERSCAN_TURNS
}

function useStickToBottom(
  scrollRef: RefObject<HTMLDivElement | null>,
  stuck: RefObject<boolean>,
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>,
  options: Pick<ScrollOptions, 'sessionId' | 'focusIndex' | 'tail' | 'streamTurnId'>
): void {
  const { sessionId, focusIndex, tail, streamTurnId } = options
  useEffect(() => {
    const element = scrollRef.current
    if (!element) return
    const onScroll = (): void => {
      stuck.current = isNearBottom(element)
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    return () => element.removeEventListener('scroll', onScroll)
  }, [scrollRef, stuck])
  // A new chat puts the reader at the bottom unless a message is to be shown; so does sending.
  useLayoutEffect(() => {
    stuck.current = focusIndex === null
  }, [stuck, sessionId, focusIndex])
  useLayoutEffect(() => {
    if (streamTurnId !== null) stuck.current = true
  }, [stuck, streamTurnId])
  const totalSize = virtualizer.getTotalSize()
  useLayoutEffect(() => {
    const element = scrollRef.current
    // A message being edited grows its turn; following the bottom then would push the edit box out of view.
    if (element && stuck.current && !isEditingIn(element)) element.scrollTop = element.scrollHeight
  }, [scrollRef, stuck, totalSize, tail, sessionId, streamTurnId])
}

function useScrollToFocus(
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>,
  stuck: RefObject<boolean>,
  focus: Pick<ScrollOptions, 'sessionId' | 'focusIndex' | 'focusRequest'>
): void {
  const { sessionId, focusIndex, focusRequest } = focus
  useEffect(() => {
    if (focusIndex === null) return
    stuck.current = false
    virtualizer.scrollToIndex(focusIndex, { align: 'center' })
  }, [virtualizer, stuck, sessionId, focusIndex, focusRequest])
}

/** The turn a kept place starts at, when this chat has one and that turn is still there. */
function restoreIndex(kept: KeptPlace, sessionId: SessionId, turnIds: readonly TurnId[]): number | null {
  const anchor: ChatScrollAnchor | undefined = kept.anchorFor(sessionId)
  const index = anchor === undefined ? -1 : turnIds.indexOf(anchor.turnId)
  return index < 0 ? null : index
}
