import type { SentBlock, SentBody, SentMessage, SentSystemBlock } from './sentBody'

/**
 * Reading a recorded request body for tests and the default reply. Each takes the body as
 * recorded (undefined when the request was not a Messages request) so a test can pass
 * `fake.requests.at(-1)?.body` straight in.
 */

/** A message's content as blocks (a string content is one text block). */
export function blocksOf(message: SentMessage | undefined): SentBlock[] {
  if (message === undefined) return []
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content
}

/** The texts of a message's text blocks, in order. */
export function textsOf(message: SentMessage | undefined): string[] {
  return blocksOf(message).flatMap((block) =>
    block.type === 'text' && block.text !== undefined ? [block.text] : []
  )
}

/** The system prompt's blocks (a string system is one text block; none when it was left out). */
export function systemBlocksOf(body: SentBody | undefined): SentSystemBlock[] {
  const system = body?.system
  if (system === undefined) return []
  return typeof system === 'string' ? [{ type: 'text', text: system }] : system
}

/** The system prompt as sent: the text blocks joined (they carry their own separators). */
export function systemText(body: SentBody | undefined): string {
  return systemBlocksOf(body)
    .map((block) => block.text)
    .join('')
}

/** The text of the newest user message ('(tool results)' when it carries only tool results). */
export function lastUserText(body: SentBody | undefined): string {
  const user = body?.messages.findLast((message) => message.role === 'user')
  if (user === undefined) return ''
  if (typeof user.content === 'string') return user.content
  const texts = textsOf(user)
  return texts.length > 0 ? texts.join(' ') : '(tool results)'
}

/** The names of the tools offered, in order. */
export function toolNames(body: SentBody | undefined): string[] {
  return (body?.tools ?? []).map((tool) => tool.name)
}

/** The messages sent ([] for a body that was not a Messages request). */
export function messagesOf(body: SentBody | undefined): SentMessage[] {
  return body?.messages ?? []
}
