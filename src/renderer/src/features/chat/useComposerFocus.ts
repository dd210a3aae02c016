import { useEffect, useRef, type RefObject } from 'react'
import { useAppStore } from '../../store/useAppStore'

/**
 * An element that takes the focus asked for by `focusChatComposer` (a chat opened on purpose):
 * the message box, or New chat where an ended session has no message box.
 */
export function useComposerFocus<T extends HTMLElement>(): RefObject<T | null> {
  const target = useRef<T>(null)
  const request = useAppStore((state) => state.chatComposerFocus)
  const done = useAppStore((state) => state.chatComposerFocusDone)
  useEffect(() => {
    if (request === null) return
    const active = document.activeElement
    if (request === 'always' || active === null || active === document.body) target.current?.focus()
    done()
  }, [request, done])
  return target
}
