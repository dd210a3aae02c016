import { createContext, useCallback, useContext, useMemo, useState, type RefObject } from 'react'

/**
 * Which entry the lanes view draws as "pointed at": the target of the reference chip under the
 * pointer, else the one the user clicked (pinned). Shared by every card through context so a
 * chip in one column can light up an entry in another.
 */
export interface LaneFocus {
  /** The entry to highlight now (hovered, else pinned). */
  readonly focus: number | null
  readonly pinned: number | null
  readonly hover: (seq: number | null) => void
  /** Pins (or, when already pinned, unpins) an entry and scrolls it into view. */
  readonly pin: (seq: number) => void
}

export const LaneFocusContext = createContext<LaneFocus>({
  focus: null,
  pinned: null,
  hover: () => undefined,
  pin: () => undefined
})

export function useLaneFocus(): LaneFocus {
  return useContext(LaneFocusContext)
}

/**
 * The focus state of one lanes view. `container` is the scrolling element: pinning scrolls the
 * pinned entry into view inside it (both directions, since columns scroll sideways too). Only the
 * rows near the view are drawn: `reveal` brings an entry's row into view first when it is not.
 */
export function useLaneFocusState(
  container: RefObject<HTMLElement | null>,
  reveal: (seq: number) => void = () => undefined
): LaneFocus {
  const [hovered, setHovered] = useState<number | null>(null)
  const [pinned, setPinned] = useState<number | null>(null)
  const pin = useCallback(
    (seq: number) => {
      setPinned((current) => (current === seq ? null : seq))
      const find = (): Element | null | undefined =>
        container.current?.querySelector(`[data-testid="nexus-entry"][data-seq="${seq}"]`)
      const show = (element: Element | null | undefined): void =>
        element?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' })
      const drawn = find()
      if (drawn) return show(drawn)
      reveal(seq)
      requestAnimationFrame(() => show(find()))
    },
    [container, reveal]
  )
  return useMemo(() => ({ focus: hovered ?? pinned, pinned, hover: setHovered, pin }), [hovered, pinned, pin])
}
