import { useEffect, useRef, type ReactNode } from 'react'

/**
 * The end of a list that loads a page at a time: when it comes within a screen of the view,
 * `onReach` asks for the next page. It says how much is shown, so a long list never looks whole
 * when it is not; with nothing more to load it shows nothing.
 */
export function MoreOnScroll({
  more,
  shown,
  total,
  noun,
  onReach
}: Readonly<{
  more: boolean
  shown: number
  /** How many there are in all, when known. */
  total?: number
  noun: string
  onReach: () => void
}>): ReactNode {
  const ref = useRef<HTMLParagraphElement>(null)
  const reach = useRef(onReach)
  reach.current = onReach
  useEffect(() => {
    const element = ref.current
    if (!more || element === null) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current()
      },
      { rootMargin: '800px 0px' }
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [more, shown])
  if (!more) return null
  return (
    <p ref={ref} className="muted more-on-scroll" role="status" data-testid="more-on-scroll">
      Showing {shown.toLocaleString()}
      {total !== undefined ? ` of ${total.toLocaleString()}` : ''} {noun}; loading more as you scroll…
    </p>
  )
}
