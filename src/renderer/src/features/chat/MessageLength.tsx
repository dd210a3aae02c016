import type { ReactNode } from 'react'
import { MESSAGE_MAX_CHARS } from '../../../../shared/contract/constants'
import { Button } from '../../ui/Button'

/** From this length on, the composer shows how long the message is against the limit. */
const SHOW_FROM_CHARS = 10_000

const count = (n: number): string => n.toLocaleString('en-US')

/**
 * The message's length against the limit, shown once the message is long, so the limit is known
 * before Send is pressed; over the limit it says by how much and offers to send the text as a file.
 */
export function MessageLength({
  length,
  onAttach
}: Readonly<{ length: number; onAttach: () => void }>): ReactNode {
  if (length < SHOW_FROM_CHARS) return null
  const over = length - MESSAGE_MAX_CHARS
  return (
    <div
      className={`chat-composer__length${over > 0 ? ' chat-composer__length--over' : ''}`}
      role="status"
      data-testid="chat-length"
    >
      <span>
        {count(length)} of {count(MESSAGE_MAX_CHARS)} characters
        {over > 0 ? ` — ${count(over)} over the limit; shorten it, or send it as a text file.` : ''}
      </span>
      <Button variant="ghost" onClick={onAttach}>
        Attach as a text file
      </Button>
    </div>
  )
}
