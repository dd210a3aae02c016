import type { CallRecord } from '../chat/store/callRepository'
import type { AttachmentBlock, ContentBlock, SessionRecord, StoredMessage } from '../chat/chatTypes'
import type { TurnLink } from '../chat/store/turnPath'

/** Everything an export reads, gathered once so both formats describe the same moment. */
export interface ChatExportInput {
  readonly session: SessionRecord
  readonly agentName: string
  /** Every stored message, every version included, in stored order. */
  readonly messages: readonly StoredMessage[]
  /** The messages on the path the chat shows. */
  readonly shown: readonly StoredMessage[]
  readonly turns: readonly TurnLink[]
  readonly calls: readonly CallRecord[]
  readonly exportedAtMs: number
}

export function attachmentsOf(content: readonly ContentBlock[]): AttachmentBlock[] {
  return content.filter(
    (block): block is AttachmentBlock => block.type === 'image' || block.type === 'document'
  )
}

/** The text blocks of a message, joined by a blank line. */
export function textOf(content: readonly ContentBlock[]): string {
  return content
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n\n')
    .trim()
}

/** A date and minute in UTC, the same wherever the file is read: `2026-12-01 23:41 UTC`. */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
