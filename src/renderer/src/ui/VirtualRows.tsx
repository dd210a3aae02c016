import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject
} from 'react'

/** Rows drawn beyond the visible ones, so a short list is drawn whole and a fast scroll shows no gap. */
const OVERSCAN_ROWS = 6
/** Within this many rows of the end, the next page is asked for. */
const REACH_ROWS = 15

/** What a row puts on its own element, so the list can measure it. */
export interface VirtualRowProps {
  readonly 'data-index': number
  readonly ref: (element: HTMLElement | null) => void
}

export interface VirtualRowsHandle {
  readonly virtualizer: Virtualizer<HTMLElement, HTMLElement>
}

/** The nearest ancestor that scrolls (the section), whose scrolling the list follows. */
function scrollerOf(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(node).overflowY)) return node
  }
  return null
}

/** Where the list starts inside its scroller's content: the rows' offsets count from there. */
function offsetIn(list: HTMLElement, scroller: HTMLElement): number {
  return Math.round(
    list.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop
  )
}

type RenderRow = (index: number, props: VirtualRowProps) => ReactNode

/**
 * One drawn row. Memoised: a scroll step re-renders the list, and a row already drawn has nothing
 * new to draw then, as long as `renderRow` and the measuring ref keep their identity. A new
 * `renderRow` (new data: a page appended) calls it again, and the row's props object stays the
 * same, so a row component memoised on its props skips drawing when its own item is unchanged.
 * The same ref also keeps the row from being detached and measured again on every step.
 */
const Row = memo(function Row({
  index,
  renderRow,
  measure
}: Readonly<{
  index: number
  renderRow: RenderRow
  measure: (element: HTMLElement | null) => void
}>): ReactNode {
  const props = useMemo<VirtualRowProps>(() => ({ 'data-index': index, ref: measure }), [index, measure])
  return renderRow(index, props)
})

type VirtualRowsProps = Readonly<{
  count: number
  /** A row's height before it is measured. */
  estimate: number
  rowKey: (index: number) => string | number
  /**
   * Draws row `index`; its outermost element takes `props` (its index, and the ref that measures
   * it). Keep its identity (useCallback) while the rows' data is unchanged: rows already drawn are
   * then not drawn again on each scroll step.
   */
  renderRow: RenderRow
  /** Called when the rows drawn come near the end (the next page, when there is one). */
  onReachEnd?: () => void
  /** The list element's class and name (a `ul` of the rows). */
  className?: string
  label?: string
  /** Under the rows: the "loading more" line. */
  footer?: ReactNode
  /** Gets the scroller and virtualizer, for keyboard moves that must bring a row into view. */
  handleRef?: RefObject<VirtualRowsHandle | null>
  'data-testid'?: string
}>

/**
 * A long list where only the rows near the view are in the DOM (measured as they render). It
 * scrolls with the section it is in (no box of its own, so a row's menu is never cut off). The
 * rows stay in normal flow inside one `ul`, between a padding for the rows above and one for the
 * rows below, so list semantics, tab order and find-by-role still hold.
 */
export function VirtualRows({
  count,
  estimate,
  rowKey,
  renderRow,
  onReachEnd,
  className,
  label,
  footer,
  handleRef,
  'data-testid': testId
}: VirtualRowsProps): ReactNode {
  const listRef = useRef<HTMLUListElement>(null)
  const [scroller, setScroller] = useState<HTMLElement | null>(null)
  const [margin, setMargin] = useState(0)
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scroller,
    estimateSize: () => estimate,
    overscan: OVERSCAN_ROWS,
    scrollMargin: margin,
    getItemKey: useCallback((index: number) => rowKey(index), [rowKey])
  })
  // What sits above the list (notices, other panels) moves it: its offset is taken again whenever
  // anything in the scroller changes size.
  useLayoutEffect(() => {
    const list = listRef.current
    if (list === null) return
    const found = scrollerOf(list)
    setScroller(found)
    if (found === null) return
    const place = (): void => setMargin(offsetIn(list, found))
    place()
    const observer = new ResizeObserver(place)
    for (const child of Array.from(found.children)) observer.observe(child)
    return () => observer.disconnect()
  }, [])
  if (handleRef) handleRef.current = { virtualizer }
  const rows = virtualizer.getVirtualItems()
  const last = rows.at(-1)?.index ?? -1
  const reach = useRef(onReachEnd)
  reach.current = onReachEnd
  useEffect(() => {
    if (count > 0 && last >= count - REACH_ROWS) reach.current?.()
  }, [last, count])
  const top = Math.max(0, (rows[0]?.start ?? margin) - margin)
  const bottom = Math.max(0, virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? margin) - margin))
  return (
    <>
      <ul
        ref={listRef}
        className={className}
        aria-label={label}
        data-testid={testId}
        style={{ paddingTop: top, paddingBottom: bottom }}
      >
        {rows.map((row) => (
          <Row key={row.key} index={row.index} renderRow={renderRow} measure={virtualizer.measureElement} />
        ))}
      </ul>
      {footer}
    </>
  )
}
