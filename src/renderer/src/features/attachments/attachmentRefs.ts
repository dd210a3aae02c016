/** An attachment as a stored message names it (the reference block's source). */
export interface AttachmentRef {
  readonly id: string
  readonly name: string
  readonly mediaType: string
  readonly bytes: number
}

/** The attachments referenced by a message's content blocks, in order. */
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

/** "1 image, 2 PDFs (1.2 MB)" for a list of attachments, or '' when there are none. */
export function describeAttachments(refs: readonly AttachmentRef[]): string {
  if (refs.length === 0) return ''
  const images = refs.filter((ref) => ref.mediaType.startsWith('image/')).length
  const pdfs = refs.length - images
  const parts = [
    images > 0 ? `${images} image${images === 1 ? '' : 's'}` : '',
    pdfs > 0 ? `${pdfs} PDF${pdfs === 1 ? '' : 's'}` : ''
  ].filter(Boolean)
  return `${parts.join(', ')} (${formatSize(refs.reduce((sum, ref) => sum + ref.bytes, 0))})`
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
