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
  perMessage: 20,
  /**
   * Hearth's own bound on a text file (sent as text, so every byte is a token's worth of context):
   * 256 KB is about 66k tokens, a third of a 200k context window.
   */
  textBytes: 256 * 1024
} as const

export const IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const
/** PDFs, and plain text (any text file: notes, CSV, JSON, logs, source code), sent as a text document. */
export const DOCUMENT_MEDIA_TYPES = ['application/pdf', 'text/plain'] as const
export type AttachmentMediaType = (typeof IMAGE_MEDIA_TYPES)[number] | (typeof DOCUMENT_MEDIA_TYPES)[number]

export const TEXT_MEDIA_TYPE = 'text/plain'

/** What a refusal says can be attached. */
const WHAT_FITS =
  'attach images (JPEG, PNG, GIF, WebP), PDFs or text files (.txt, .md, .csv, .json, .log, code)'

export function isImageType(mediaType: string): boolean {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

export function isAttachmentType(mediaType: string): mediaType is AttachmentMediaType {
  return isImageType(mediaType) || (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(mediaType)
}

/** Extensions of files that are text whatever type the browser or the OS gives them (.ts is "video/mp2t"). */
export const TEXT_EXTENSIONS: readonly string[] = (
  'txt text md markdown rst adoc org csv tsv json jsonl ndjson log yaml yml toml ini cfg conf env ' +
  'xml html htm css scss svg js mjs cjs jsx ts mts cts tsx py rb go rs java kt swift c h cc cpp hpp ' +
  'cs php pl lua r sql sh bash zsh ps1 bat diff patch tex bib srt vtt'
).split(' ')

const TEXT_APPLICATION_TYPES: readonly string[] = [
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/x-sh',
  'application/x-ndjson'
]

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/**
 * A file to be read as text: a text type, a text extension, or no useful type at all (the
 * content decides; binary is refused when it is read). Images and PDFs never are.
 */
export function isTextCandidate(file: { name: string; mediaType: string }): boolean {
  if (isImageType(file.mediaType) || file.mediaType === 'application/pdf') return false
  const type = file.mediaType.split(';')[0]?.trim().toLowerCase() ?? ''
  return (
    type.startsWith('text/') ||
    TEXT_APPLICATION_TYPES.includes(type) ||
    TEXT_EXTENSIONS.includes(extensionOf(file.name)) ||
    type === '' ||
    type === 'application/octet-stream'
  )
}

/** "1.2 MB", or "300 KB" below a megabyte. */
function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : megabytes(bytes)
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function refuseText(file: { name: string; bytes: number }): string | null {
  if (file.bytes === 0) return `${file.name} is empty`
  const limit = ATTACHMENT_LIMITS.textBytes
  if (file.bytes > limit)
    return `${file.name} is ${size(file.bytes)}; text files up to ${size(limit)} (about ${Math.round(limit / 4000)}k tokens) can be attached. Attach the part you need, or split it`
  return null
}

/** Why a file cannot be attached at all (type or size), or null. */
export function refuseFile(file: { name: string; mediaType: string; bytes: number }): string | null {
  if (isTextCandidate(file)) return refuseText(file)
  if (!isAttachmentType(file.mediaType))
    return `${file.name} is ${file.mediaType || 'of an unknown type'}; ${WHAT_FITS}`
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
