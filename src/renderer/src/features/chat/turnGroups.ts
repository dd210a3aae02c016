import type { MessageId, SessionDetail, StoredMessageView, TurnId } from '../../../../shared/contract'
import { toolResultImages, toolResultText } from '../../../../shared/util/toolResultText'
import { attachmentRefs, type AttachmentRef } from '../attachments'

export interface ToolPair {
  readonly id: string
  readonly name: string
  readonly input: unknown
  readonly ok: boolean | null
  readonly result: string | null
  /** Images the tool returned, as data URLs. */
  readonly images: readonly string[]
}

/** One turn as the transcript draws it: the user's text, the replies, the tool calls, the status. */
export interface TurnGroup {
  readonly turnId: TurnId
  readonly userText: string | null
  readonly userMessageId: MessageId | null
  /** Images, PDFs and text files the user's message carried. */
  readonly userAttachments: readonly AttachmentRef[]
  readonly checkpoint: string | null
  /** `inContext` false: left out of the model's context (a reply that broke off and was retried, or compressed). */
  readonly replies: readonly {
    readonly id: number
    readonly text: string
    readonly status: StoredMessageView['status']
    readonly error: string | null
    readonly inContext: boolean
  }[]
  readonly tools: readonly ToolPair[]
  readonly compressed: boolean
}

function textOf(message: StoredMessageView): string {
  return message.content
    .flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : []))
    .join('\n\n')
}

/** Groups stored messages by turn (they are stored in order), pairing tool calls with their results. */
export function groupTurns(detail: SessionDetail): TurnGroup[] {
  const groups = new Map<TurnId, StoredMessageView[]>()
  for (const message of detail.messages)
    groups.set(message.turnId, [...(groups.get(message.turnId) ?? []), message])
  return [...groups.entries()].map(([turnId, messages]) => {
    const user = messages.find((m) => m.kind === 'text')
    const checkpoint = messages.find((m) => m.kind === 'checkpoint')
    const results = new Map<string, { ok: boolean; content: string; images: string[] }>()
    for (const block of messages.filter((m) => m.kind === 'tool_results').flatMap((m) => m.content)) {
      results.set(String(block.tool_use_id), {
        ok: block.is_error !== true,
        content: toolResultText(block.content),
        images: toolResultImages(block.content)
      })
    }
    const tools = messages
      .filter((m) => m.kind === 'reply')
      .flatMap((m) => m.content)
      .filter((block) => block.type === 'tool_use')
      .map((block) => {
        const result = results.get(String(block.id))
        return {
          id: String(block.id),
          name: String(block.name),
          input: block.input,
          ok: result ? result.ok : null,
          result: result ? result.content : null,
          images: result?.images ?? []
        }
      })
    return {
      turnId,
      userText: user ? textOf(user) : null,
      userMessageId: user?.id ?? null,
      userAttachments: user ? attachmentRefs(user.content) : [],
      checkpoint: checkpoint ? textOf(checkpoint) : null,
      replies: messages
        .filter((m) => m.kind === 'reply')
        .map((m) => ({
          id: m.id,
          text: textOf(m),
          status: m.status,
          error: m.error,
          inContext: m.inContext
        })),
      tools,
      // Compression takes whole turns out of context; a retry takes out only the reply that broke off.
      compressed: messages.length > 0 && messages.every((m) => !m.inContext)
    }
  })
}
