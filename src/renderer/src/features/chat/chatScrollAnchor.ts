import type { ChatScrollAnchor, TurnId } from '../../../../shared/contract'
import { MAX_CHAT_SCROLLS } from '../../../../shared/contract/constants'

/** A drawn row of the transcript: its turn's index and where it starts and ends, in pixels. */
export interface DrawnRow {
  readonly index: number
  readonly start: number
  readonly end: number
}

/**
 * The anchor for a scroll position: the first drawn turn that reaches below the top of the view,
 * and how far the view is into it. Turn ids, not pixels, so the place survives other turns being
 * measured (or drawn differently after a reload).
 */
export function anchorAt(
  rows: readonly DrawnRow[],
  scrollTop: number,
  turnIds: readonly TurnId[]
): ChatScrollAnchor | null {
  const row = rows.find((candidate) => candidate.end > scrollTop)
  const turnId = row === undefined ? undefined : turnIds[row.index]
  if (row === undefined || turnId === undefined) return null
  return { turnId, offsetPx: Math.max(0, Math.round(scrollTop - row.start)) }
}

/**
 * The kept anchors with this chat's updated: null (read at its end) drops it; the chat just read
 * moves to the end, and only the newest MAX_CHAT_SCROLLS are kept.
 */
export function keepAnchor(
  kept: Readonly<Record<string, ChatScrollAnchor>>,
  sessionId: string,
  anchor: ChatScrollAnchor | null
): Readonly<Record<string, ChatScrollAnchor>> {
  const current = kept[sessionId]
  if (anchor === null && current === undefined) return kept
  if (
    anchor !== null &&
    current !== undefined &&
    current.turnId === anchor.turnId &&
    current.offsetPx === anchor.offsetPx
  )
    return kept
  const rest = Object.entries(kept).filter(([id]) => id !== sessionId)
  const next = anchor === null ? rest : [...rest, [sessionId, anchor] as const]
  return Object.fromEntries(next.slice(-MAX_CHAT_SCROLLS))
}
