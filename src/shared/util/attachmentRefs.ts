/** An attachment as a stored message names it (the reference block's source). */
export interface AttachmentRef {
  readonly id: string
  readonly name: string
  readonly mediaType: string
  readonly bytes: number
}

/** The attachments referenced by a message's content blocks, in order (the chat and the Inspector show them). */
export function attachmentRefs(content: readonly Readonly<Record<string, unknown>>[]): AttachmentRef[] {
  return content.flatMap((block) => {
    const source = block['source'] as Record<string, unknown> | undefined
    if ((block['type'] !== 'image' && block['type'] !== 'document') || source?.['type'] !== 'attachment')
      return []
    return [
      {
        id: String(source['id']),
        name: String(source['name']),
        mediaType: String(source['media_type']),
        bytes: Number(source['bytes'])
      }
    ]
  })
}
