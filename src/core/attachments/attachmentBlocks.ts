import {
  ATTACHMENT_LIMITS,
  isImageType,
  refuseRequest,
  TEXT_MEDIA_TYPE,
  type AttachmentTotals
} from '../../shared/attachments'
import { conflict, invalidInput } from '../errors'
import type { AttachmentBlock, ContentBlock, StoredMessage } from '../chat/chatTypes'
import type { MarkedRequest } from '../chat/turn/requestBuilder'
import type { Attachment } from './attachmentStore'

/** What the chat needs from the attachment store. */
export interface AttachmentReader {
  require(id: string): Attachment
  read(id: string): Buffer
}

/** The stored reference blocks for a message's attachments (files before the text, as the API suggests). */
export function attachmentBlocks(
  store: AttachmentReader | undefined,
  ids: readonly string[]
): AttachmentBlock[] {
  if (ids.length === 0) return []
  if (!store) throw conflict('This host cannot take attachments')
  if (ids.length > ATTACHMENT_LIMITS.perMessage)
    throw invalidInput(
      `One message can carry at most ${ATTACHMENT_LIMITS.perMessage} attachments; send the rest in another message`
    )
  return [...new Set(ids)].map((id) => {
    const file = store.require(id)
    return {
      type: isImageType(file.mediaType) ? 'image' : 'document',
      source: { type: 'attachment', id, media_type: file.mediaType, name: file.name, bytes: file.bytes }
    }
  })
}

function isAttachment(block: ContentBlock): block is AttachmentBlock {
  return (block.type === 'image' || block.type === 'document') && block.source.type === 'attachment'
}

/** Images, their largest side, PDF pages and bytes that a conversation's requests carry. */
export function attachmentTotals(store: AttachmentReader, blocks: readonly ContentBlock[]): AttachmentTotals {
  const files = blocks.filter(isAttachment).map((block) => store.require(block.source.id))
  const images = files.filter((file) => isImageType(file.mediaType))
  return {
    images: images.length,
    largestImageSide: Math.max(0, ...images.map((file) => Math.max(file.width ?? 0, file.height ?? 0))),
    pdfPages: files.reduce((sum, file) => sum + (file.pages ?? 0), 0),
    bytes: files.reduce((sum, file) => sum + file.bytes, 0)
  }
}

/** Refuses a new message whose attachments would push the conversation over the API's per-request limits. */
export function checkConversationLimits(
  store: AttachmentReader | undefined,
  history: readonly StoredMessage[],
  added: readonly AttachmentBlock[]
): void {
  if (!store || added.length === 0) return
  const blocks = [...history.filter((m) => m.inContext).flatMap((m) => m.content), ...added]
  const refusal = refuseRequest(attachmentTotals(store, blocks))
  if (refusal) throw invalidInput(refusal)
}

/**
 * The request as the API takes it: each stored reference becomes a base64 image or PDF block,
 * or a plain-text document (markers kept). Read at send time from the content-addressed file, so every process
 * sends byte-identical blocks.
 */
export function resolveAttachments(request: MarkedRequest, store: AttachmentReader): MarkedRequest {
  if (!request.messages.some((message) => message.content.some(isAttachment))) return request
  return {
    ...request,
    messages: request.messages.map((message) => ({
      role: message.role,
      content: message.content.map((block) => {
        if (!isAttachment(block)) return block
        // The SDK's own block types, not the stored ones: cast at this one boundary.
        return wireBlock(block, store.read(block.source.id)) as unknown as typeof block
      })
    }))
  }
}

/**
 * One attachment as the Messages API takes it: an image or PDF as base64, a text file as a
 * plain-text document (the API reads it as text and can cite it), each document titled by its name.
 */
function wireBlock(block: AttachmentBlock, bytes: Buffer): Record<string, unknown> {
  const { source, ...rest } = block
  const title = block.type === 'document' ? { title: source.name } : {}
  if (source.media_type === TEXT_MEDIA_TYPE)
    return {
      ...rest,
      source: { type: 'text', media_type: TEXT_MEDIA_TYPE, data: bytes.toString('utf8') },
      ...title
    }
  return {
    ...rest,
    source: { type: 'base64', media_type: source.media_type, data: bytes.toString('base64') },
    ...title
  }
}
