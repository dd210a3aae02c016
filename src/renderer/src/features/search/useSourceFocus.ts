import { useEffect, useRef, type RefObject } from 'react'
import { useAppStore } from '../../store/useAppStore'
import type { SourceFocus } from './sources'

/**
 * Whether this item is the one a search hit opened; if so it is scrolled into view once shown.
 * The screen marks it (`focused`) until another hit is opened.
 */
export function useSourceFocus<T extends HTMLElement>(
  matches: (focus: SourceFocus) => boolean
): { ref: RefObject<T | null>; focused: boolean } {
  const focused = useAppStore((state) => state.sourceFocus !== null && matches(state.sourceFocus))
  const ref = useRef<T | null>(null)
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' })
  }, [focused])
  return { ref, focused }
}
