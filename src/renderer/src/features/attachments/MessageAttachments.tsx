import { useEffect, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { attachmentBadge, formatSize, type AttachmentRef } from './attachmentRefs'

/** One sent attachment: the stored thumbnail of an image, or a chip naming the PDF or text file. */
function SentAttachment({ file }: Readonly<{ file: AttachmentRef }>): ReactNode {
  const isImage = file.mediaType.startsWith('image/')
  const thumbnail = useAppStore((state) => state.attachmentThumbnails[file.id])
  const load = useAppStore((state) => state.loadAttachmentThumbnail)
  useEffect(() => {
    if (isImage) void load(file.id)
  }, [isImage, load, file.id])
  if (isImage && thumbnail)
    return (
      <img
        className="message-attachment__image"
        src={thumbnail}
        alt={file.name}
        title={`${file.name} · ${formatSize(file.bytes)}`}
        data-testid="message-attachment"
      />
    )
  return (
    <span className="attachment-chip" title={file.name} data-testid="message-attachment">
      <span className="attachment-chip__icon">{attachmentBadge(file)}</span>
      <span className="attachment-chip__name">{file.name}</span>
      <span className="muted">{formatSize(file.bytes)}</span>
    </span>
  )
}

/** The images, PDFs and text files a user message carried, above its text. */
export function MessageAttachments({ files }: Readonly<{ files: readonly AttachmentRef[] }>): ReactNode {
  if (files.length === 0) return null
  return (
    <div className="message-attachments" data-testid="message-attachments">
      {files.map((file) => (
        <SentAttachment key={file.id} file={file} />
      ))}
    </div>
  )
}
