import { useEffect, useRef, useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'failed'

/** What a copy button says: its action, then briefly whether the clipboard took the text. */
export const COPY_WORDS: Readonly<Record<CopyState, string>> = {
  idle: 'Copy',
  copied: 'Copied',
  failed: 'Copy failed'
}

/** Says what to do when the clipboard refuses (a browser without permission, an unfocused window). */
export const COPY_FAILED_HINT = 'The clipboard refused; select the text and press Ctrl+C (⌘C on a Mac)'

/** Copies text to the clipboard and reports the outcome for ~2 s. */
export function useCopy(): readonly [CopyState, (text: string) => void] {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  const copy = (text: string): void => {
    const settle = (outcome: CopyState): void => {
      setState(outcome)
      window.clearTimeout(timer.current)
      timer.current = window.setTimeout(() => setState('idle'), 1800)
    }
    navigator.clipboard.writeText(text).then(
      () => settle('copied'),
      () => settle('failed')
    )
  }
  return [state, copy]
}
