import { useEffect } from 'react'

/**
 * Esc anywhere in Chat stops the reply that is streaming, as the Stop button does (the partial
 * reply is kept). An open dialog keeps Esc for itself, and a key another control already
 * handled is left alone.
 */
export function useEscapeToStop(streaming: boolean, stop: () => Promise<void>): void {
  useEffect(() => {
    if (!streaming) return
    const onKey = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return
      if (document.querySelector('dialog[open]') !== null) return
      event.preventDefault()
      void stop()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [streaming, stop])
}
