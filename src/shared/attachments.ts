/**
 * What the Messages API accepts as attachments, checked before anything is stored or sent so a
 * refusal comes with its reason instead of a 400 mid-conversation. Sources: Anthropic's "Vision"
 * guide (JPEG/PNG/GIF/WebP; at most 5 MB per image as sent, i.e. base64; 8000×8000 px, 2000×2000
 * when a request has more than 20 images; 100 images per request for 200k-context models) and
 * "PDF support" guide (100 pages and 32 MB per request; no password or encryption).
 */
export const ATTACHMENT_LIMITS = {
  /** 5 MB of base64 is 3.75 MB of image bytes. */
  imageBytes: Math.floor((5 * 1024 * 1024 * 3) / 4),
  imageSide: 8000,
  imageSideWhenMany: 2000,
  manyImages: 20,
  imagesPerRequest: 100,
  pdfPagesPerRequest: 100,
  requestBytes: 32 * 1024 * 1024,
  /** Hearth's own bound: one upload travels in one RPC frame (8 MB of base64 with room to spare). */
  pdfBytes: 5 * 1024 * 1024,
  /** Hearth's own bound on one message, so a slip of the mouse cannot attach a whole folder. */
  perMessage: 20
} as const

export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
export const DOCUMENT_MEDIA_TYPES = ['application/pdf'] as const
export type AttachmentMediaType = (typeof IMAGE_MEDIA_TYPES)[number] | (typeof DOCUMENT_MEDIA_TYPES)[number]

export function isImageType(mediaType: string): boolean {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

export function isAttachmentType(mediaType: string): mediaType is AttachmentMediaType {
  return isImageType(mediaType) || (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a file cannot be attached at all (type or size), or null. */
export function refuseFile(file: { name: string; mediaType: string; bytes: number }): string | null {
  if (!isAttachmentType(file.mediaType))
    return `${file.name} is ${file.mediaType || 'of an unknown type'}; attach images (JPEG, PNG, GIF, WebP) or PDFs`
  if (file.bytes === 0) return `${file.name} is empty`
  if (isImageType(file.mediaType) && file.bytes > ATTACHMENT_LIMITS.imageBytes) {
    return `${file.name} is ${megabytes(file.bytes)}; the model accepts images up to ${megabytes(ATTACHMENT_LIMITS.imageBytes)} (5 MB once encoded). Resize or compress it and attach it again`
  }
  if (!isImageType(file.mediaType) && file.bytes > ATTACHMENT_LIMITS.pdfBytes) {
    return `${file.name} is ${megabytes(file.bytes)}; PDFs up to ${megabytes(ATTACHMENT_LIMITS.pdfBytes)} can be attached. Split it or attach the pages you need`
  }
  return null
}

/** What a request would carry in attachments: the counts the API limits. */
export interface AttachmentTotals {
  readonly images: number
  readonly largestImageSide: number
  readonly pdfPages: number
  readonly bytes: number
}

/** Why a request carrying these totals would be refused, or null. */
export function refuseRequest(totals: AttachmentTotals): string | null {
  const L = ATTACHMENT_LIMITS
  if (totals.images > L.imagesPerRequest)
    return `This conversation would carry ${totals.images} images; the model accepts at most ${L.imagesPerRequest} per request. Start a new chat for more`
  if (totals.images > L.manyImages && totals.largestImageSide > L.imageSideWhenMany) {
    return `With more than ${L.manyImages} images in a conversation, each must be at most ${L.imageSideWhenMany}×${L.imageSideWhenMany} px; one is ${totals.largestImageSide} px. Attach a smaller copy or start a new chat`
  }
  if (totals.pdfPages > L.pdfPagesPerRequest)
    return `This conversation would carry ${totals.pdfPages} PDF pages; the model accepts at most ${L.pdfPagesPerRequest} per request. Attach fewer pages or start a new chat`
  if ((totals.bytes * 4) / 3 > L.requestBytes)
    return `The attachments in this conversation add up to ${megabytes(totals.bytes)}; a request may be at most 32 MB once encoded. Start a new chat for more`
  return null
}
