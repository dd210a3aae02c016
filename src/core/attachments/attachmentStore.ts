import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import {
  ATTACHMENT_LIMITS,
  isImageType,
  isTextCandidate,
  refuseFile,
  TEXT_MEDIA_TYPE,
  type AttachmentMediaType
} from '../../shared/attachments'
import { invalidInput, notFound } from '../errors'
import { AttachmentMediaType as MediaTypes } from '../../shared/contract/attachments'
import type { Db } from '../node/db/openDatabase'
import { readOptionalRow } from '../node/db/rowReader'
import type { Clock } from '../ports/clock'
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../home/privateFiles'
import { normaliseTextAttachment } from './textAttachment'

/** One stored attachment (the row of `attachments`). */
export interface Attachment {
  readonly id: string
  readonly mediaType: AttachmentMediaType
  readonly name: string
  readonly bytes: number
  readonly width: number | null
  readonly height: number | null
  readonly pages: number | null
}

const EXTENSIONS: Readonly<Record<AttachmentMediaType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt'
}
const SHARP_FORMATS: Readonly<Record<string, AttachmentMediaType>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp'
}
const THUMBNAIL_SIDE = 320

/** Pages of a PDF, counted from its page objects (good enough to enforce the per-request limit). */
export function countPdfPages(bytes: Buffer): number {
  return (bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g) ?? []).length
}

/**
 * Attachments stored once by content hash under the home, with a small WebP thumbnail beside
 * each image. The bytes are checked for what they really are (not what the name says) and
 * against the API's limits before anything is written.
 */
export class AttachmentStore {
  constructor(
    private readonly db: Db,
    private readonly root: string,
    private readonly clock: Clock
  ) {}

  /**
   * Stores a file (idempotent: the same bytes give the same id) and returns its record. A text
   * file is stored as the normalised text the model gets (UTF-8, no BOM, LF line ends).
   */
  async add(file: { name: string; mediaType: string; data: Buffer }): Promise<Attachment> {
    const name = cleanName(file.name)
    const refusal = refuseFile({ name, mediaType: file.mediaType, bytes: file.data.length })
    if (refusal) throw invalidInput(refusal)
    const text = isTextCandidate({ name, mediaType: file.mediaType })
    const data = text ? normaliseTextAttachment(name, file.data) : file.data
    const id = createHash('sha256').update(data).digest('hex')
    const known = this.get(id)
    if (known) return known
    const facts = text
      ? TEXT_FACTS
      : isImageType(file.mediaType)
        ? await imageFacts(name, file.data)
        : pdfFacts(name, file.data)
    writeOnce(this.filePath(id, facts.mediaType), data)
    if (facts.thumbnail) writeOnce(this.thumbnailPath(id), facts.thumbnail)
    this.db
      .prepare(
        'INSERT OR IGNORE INTO attachments (id, media_type, name, bytes, width, height, pages, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'
      )
      .run(id, facts.mediaType, name, data.length, facts.width, facts.height, facts.pages, this.clock.now())
    return this.get(id) as Attachment
  }

  get(id: string): Attachment | undefined {
    const row = this.db
      .prepare('SELECT id, media_type, name, bytes, width, height, pages FROM attachments WHERE id = ?')
      .get(id)
    return readOptionalRow(row, 'attachments', (read) => ({
      id: read.text('id'),
      mediaType: read.oneOf('media_type', MediaTypes.options),
      name: read.text('name'),
      bytes: read.int('bytes'),
      width: read.intOrNull('width'),
      height: read.intOrNull('height'),
      pages: read.intOrNull('pages')
    }))
  }

  require(id: string): Attachment {
    const found = this.get(id)
    if (!found) throw notFound(`No attachment ${id}; attach the file again`)
    return found
  }

  /** The stored bytes, checked against their hash so a damaged file is reported, never sent. */
  read(id: string): Buffer {
    const attachment = this.require(id)
    const path = this.filePath(id, attachment.mediaType)
    if (!existsSync(path))
      throw notFound(
        `The file of "${attachment.name}" is missing from the home (${path}); attach it again in a new message`
      )
    const data = readFileSync(path)
    if (createHash('sha256').update(data).digest('hex') !== id)
      throw invalidInput(
        `The stored copy of "${attachment.name}" was changed on disk (${path}); attach it again in a new message`
      )
    return data
  }

  /** A data: URL of the thumbnail (images) for the transcript, or null (PDFs and text show as a chip). */
  thumbnailDataUrl(id: string): string | null {
    this.require(id)
    const path = this.thumbnailPath(id)
    return existsSync(path) ? `data:image/webp;base64,${readFileSync(path).toString('base64')}` : null
  }

  private filePath(id: string, mediaType: AttachmentMediaType): string {
    return join(this.root, 'attachments', id.slice(0, 2), `${id}.${EXTENSIONS[mediaType]}`)
  }

  private thumbnailPath(id: string): string {
    return join(this.root, 'attachments', 'thumbnails', `${id}.webp`)
  }
}

interface FileFacts {
  readonly mediaType: AttachmentMediaType
  readonly width: number | null
  readonly height: number | null
  readonly pages: number | null
  readonly thumbnail: Buffer | null
}

const TEXT_FACTS: FileFacts = {
  mediaType: TEXT_MEDIA_TYPE,
  width: null,
  height: null,
  pages: null,
  thumbnail: null
}

async function imageFacts(name: string, data: Buffer): Promise<FileFacts> {
  // sharp (a native image library) is loaded with the first image, not with every core.
  const { default: sharp } = await import('sharp')
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    metadata = await sharp(data).metadata()
  } catch {
    throw invalidInput(`${name} is not a readable image; attach a JPEG, PNG, GIF or WebP file`)
  }
  const mediaType = SHARP_FORMATS[metadata.format]
  if (!mediaType)
    throw invalidInput(`${name} is a ${metadata.format} image; attach a JPEG, PNG, GIF or WebP file`)
  const width = metadata.width
  const height = metadata.height
  const side = ATTACHMENT_LIMITS.imageSide
  if (width > side || height > side)
    throw invalidInput(
      `${name} is ${width}×${height} px; the model accepts images up to ${side}×${side} px. Resize it and attach it again`
    )
  const thumbnail = await sharp(data, { animated: false })
    .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer()
  return { mediaType, width, height, pages: null, thumbnail }
}

function pdfFacts(name: string, data: Buffer): FileFacts {
  if (!data.subarray(0, 1024).toString('latin1').includes('%PDF-'))
    throw invalidInput(`${name} is not a PDF file; attach a PDF or an image`)
  if (/\/Encrypt\b/.test(data.toString('latin1')))
    throw invalidInput(
      `${name} is encrypted or password-protected; the model only reads standard PDFs. Save an unprotected copy and attach that`
    )
  const pages = Math.max(1, countPdfPages(data))
  if (pages > ATTACHMENT_LIMITS.pdfPagesPerRequest)
    throw invalidInput(
      `${name} has ${pages} pages; the model reads at most ${ATTACHMENT_LIMITS.pdfPagesPerRequest} per request. Split it and attach the part you need`
    )
  return { mediaType: 'application/pdf', width: null, height: null, pages, thumbnail: null }
}

/** A display name only: no folders, no control characters, bounded length. */
function cleanName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200)
  return clean === '' ? 'attachment' : clean
}

/** Content-addressed files never change, so an existing one is kept; a new one appears atomically. */
function writeOnce(path: string, data: Buffer): void {
  if (existsSync(path)) return
  mkdirPrivate(dirname(path))
  const temporary = `${path}.${process.pid}.tmp`
  writeFileSync(temporary, data, { mode: PRIVATE_FILE_MODE })
  renameSync(temporary, path)
}
