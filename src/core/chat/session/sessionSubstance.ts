import type { StoredMessage } from '../chatTypes'

/** Replies that came through: complete, or stopped by the user after some text (errors do not count). */
const ANSWERED: ReadonlySet<string> = new Set(['complete', 'partial'])

function textLength(message: StoredMessage): number {
  return message.content.reduce((sum, block) => sum + (block.type === 'text' ? block.text.length : 0), 0)
}

function answered(message: StoredMessage): boolean {
  return (
    message.kind === 'reply' &&
    ANSWERED.has(message.status) &&
    message.content.some(
      (block) => (block.type === 'text' && block.text.trim() !== '') || block.type === 'tool_use'
    )
  )
}

/**
 * Why a session holds nothing worth looking back over when it closes on its own (quit, idle), in
 * words for the person; null when it does. Retention reads a transcript for facts the user shared:
 * a chat where the model never answered, only failed, or that is shorter than `minChars` (the
 * user's words and the replies together) would only give it errors and greetings to mine.
 */
export function insubstantialReason(messages: readonly StoredMessage[], minChars: number): string | null {
  const said = messages.filter((m) => m.role === 'user' && m.kind === 'text')
  if (said.length === 0) return 'nothing was said in it'
  const replies = messages.filter(answered)
  if (replies.length === 0) {
    const failed = messages.some(
      (m) => m.kind === 'reply' && (m.status === 'error' || m.status === 'interrupted')
    )
    return failed ? 'the model only failed in it, it never answered' : 'the model never answered in it'
  }
  const size = [...said, ...replies].reduce((sum, message) => sum + textLength(message), 0)
  if (size < minChars)
    return `it is shorter than ${minChars.toLocaleString('en-US')} characters (Settings → Retention)`
  return null
}
