import type { AttachmentRef } from '../../../../shared/util/attachmentRefs'

export { attachmentRefs, type AttachmentRef } from '../../../../shared/util/attachmentRefs'

/** "1 image, 2 PDFs, 1 text file (1.2 MB)" for a list of attachments, or '' when there are none. */
export function describeAttachments(refs: readonly AttachmentRef[]): string {
  if (refs.length === 0) return ''
  const count = (kind: AttachmentKind): number => refs.filter((ref) => kindOf(ref) === kind).length
  const parts = [
    plural(count('image'), 'image', 'images'),
    plural(count('pdf'), 'PDF', 'PDFs'),
    plural(count('text'), 'text file', 'text files')
  ].filter(Boolean)
  return `${parts.join(', ')} (${formatSize(refs.reduce((sum, ref) => sum + ref.bytes, 0))})`
}

type AttachmentKind = 'image' | 'pdf' | 'text'

function kindOf(ref: Pick<AttachmentRef, 'mediaType'>): AttachmentKind {
  if (ref.mediaType.startsWith('image/')) return 'image'
  return ref.mediaType === 'application/pdf' ? 'pdf' : 'text'
}

function plural(count: number, one: string, many: string): string {
  return count === 0 ? '' : `${count} ${count === 1 ? one : many}`
}

/** The short label on a file's chip: IMG, PDF, or a text file's extension (MD, CSV, JSON…; TXT without one). */
export function attachmentBadge(ref: Pick<AttachmentRef, 'mediaType' | 'name'>): string {
  const kind = kindOf(ref)
  if (kind !== 'text') return kind === 'image' ? 'IMG' : 'PDF'
  const dot = ref.name.lastIndexOf('.')
  const extension = dot > 0 ? ref.name.slice(dot + 1) : ''
  return extension !== '' && extension.length <= 4 ? extension.toUpperCase() : 'TXT'
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
