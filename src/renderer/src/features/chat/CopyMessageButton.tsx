import type { ReactNode } from 'react'
import { COPY_FAILED_HINT, COPY_WORDS, useCopy } from './useCopy'

/** Copies a whole message as markdown (what was typed, or what the model wrote). */
export function CopyMessageButton({ text }: Readonly<{ text: string }>): ReactNode {
  const [state, copy] = useCopy()
  return (
    <button
      type="button"
      className="message-action"
      aria-label="Copy message"
      title={state === 'failed' ? COPY_FAILED_HINT : 'Copy this message as markdown'}
      onClick={() => copy(text)}
      data-testid="message-copy"
    >
      {state === 'idle' ? 'Copy' : COPY_WORDS[state]}
    </button>
  )
}
