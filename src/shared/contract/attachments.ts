import { z } from 'zod'
import { DOCUMENT_MEDIA_TYPES, IMAGE_MEDIA_TYPES } from '../attachments'
import { AttachmentId } from './chat'
import { method } from './define'

/** What an attachment may be: the images and documents (PDF, plain text) the Messages API takes. */
export const AttachmentMediaType = z.enum([...IMAGE_MEDIA_TYPES, ...DOCUMENT_MEDIA_TYPES])

export const AttachmentView = z.object({
  id: AttachmentId,
  name: z.string(),
  mediaType: AttachmentMediaType,
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  pages: z.number().int().nullable()
})
export type AttachmentView = z.infer<typeof AttachmentView>

/** Base64 of at most 5 MB of bytes, with room for the frame around it. */
const MAX_BASE64_CHARS = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4

export const attachmentMethods = {
  /**
   * Stores an image, PDF or text file once by content hash under the home (text as UTF-8 with LF
   * line ends); refused with the reason when the model would refuse it or the text is not UTF-8.
   */
  'attachments.add': method(
    z.object({
      name: z.string().min(1).max(500),
      mediaType: z.string().max(100),
      dataBase64: z.string().min(1).max(MAX_BASE64_CHARS, 'Files up to 5 MB can be attached')
    }),
    AttachmentView
  ),
  /** A small preview for the transcript: a data: URL for images, null for PDFs and text files. */
  'attachments.thumbnail': method(
    z.object({ id: AttachmentId }),
    z.object({ dataUrl: z.string().nullable() })
  )
} as const
