import type { Sharp } from 'sharp'
import { formatBytes } from '../../../shared/util/toolResultText'
import type { ImageMediaType, ToolResultPart } from '../toolTypes'

/** Longer edges are scaled down: the API would do it anyway, after the upload and the wait. */
export const MAX_IMAGE_EDGE = 1568
/** The API refuses images over 5 MB of base64, which is 3.75 MB of bytes. */
export const MAX_IMAGE_BYTES = 3_750_000
/** Never decode more than this: a tool can send anything, including a decompression bomb. */
export const MAX_SOURCE_BYTES = 40_000_000
const MAX_SOURCE_PIXELS = 100_000_000

const API_FORMATS: Readonly<Record<string, ImageMediaType>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp'
}
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export type ImagePart = Extract<ToolResultPart, { type: 'image' }>

/** An image ready for the model (with a note when it was changed), or why it was left out. */
export type FittedImage =
  | { readonly ok: true; readonly part: ImagePart; readonly note: string | null }
  | { readonly ok: false; readonly reason: string }

type SharpFactory = (input: Buffer, options: { limitInputPixels: number; animated: false }) => Sharp
let loadedSharp: Promise<SharpFactory | Error> | undefined

/** sharp is native; if it cannot load here, images that already fit still pass. */
function loadSharp(): Promise<SharpFactory | Error> {
  loadedSharp ??= import('sharp').then(
    (module) => ((module as { default?: unknown }).default ?? module) as SharpFactory,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error)))
  )
  return loadedSharp
}

/**
 * Makes one base64 image fit what the Messages API accepts: PNG, JPEG, GIF or WebP, at most
 * 1568 px on its longer edge and 3.75 MB. Other formats sharp can read (SVG, TIFF, AVIF) are
 * converted; anything it cannot decode, or that stays too big, is refused with the reason.
 */
export async function fitImage(data: string, declaredType: string): Promise<FittedImage> {
  const clean = data.replace(/\s+/g, '')
  if (!BASE64.test(clean) || clean.length % 4 === 1)
    return { ok: false, reason: 'its data is not valid base64' }
  const bytes = Buffer.from(clean, 'base64')
  if (bytes.length === 0) return { ok: false, reason: 'it is empty' }
  if (bytes.length > MAX_SOURCE_BYTES)
    return {
      ok: false,
      reason: `it is ${formatBytes(bytes.length)}, over the ${formatBytes(MAX_SOURCE_BYTES)} Hearth will decode`
    }
  const sharp = await loadSharp()
  if (sharp instanceof Error) return passThroughWithoutSharp(clean, bytes.length, declaredType, sharp)
  try {
    return await fitWithSharp(sharp, bytes, clean)
  } catch (error) {
    return {
      ok: false,
      reason: `it could not be decoded as an image (${error instanceof Error ? error.message : String(error)})`
    }
  }
}

async function fitWithSharp(sharp: SharpFactory, bytes: Buffer, base64: string): Promise<FittedImage> {
  const image = sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS, animated: false })
  const meta = await image.metadata()
  const format = meta.format as string | undefined
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (!format || width === 0 || height === 0)
    return { ok: false, reason: 'it has no readable size or format' }
  const apiType = API_FORMATS[format]
  const fits = Math.max(width, height) <= MAX_IMAGE_EDGE && bytes.length <= MAX_IMAGE_BYTES
  if (apiType && fits) return { ok: true, part: imagePart(apiType, base64), note: null }
  const resized = image.resize({
    width: MAX_IMAGE_EDGE,
    height: MAX_IMAGE_EDGE,
    fit: 'inside',
    withoutEnlargement: true
  })
  let output =
    format === 'jpeg'
      ? await resized.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true })
      : await resized.png().toBuffer({ resolveWithObject: true })
  if (output.data.length > MAX_IMAGE_BYTES)
    output = await resized
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 75 })
      .toBuffer({ resolveWithObject: true })
  if (output.data.length > MAX_IMAGE_BYTES)
    return {
      ok: false,
      reason: `it is still ${formatBytes(output.data.length)} after scaling down, over the API's ${formatBytes(MAX_IMAGE_BYTES)}`
    }
  const outType: ImageMediaType = output.info.format === 'jpeg' ? 'image/jpeg' : 'image/png'
  const change = fits
    ? `converted from ${format.toUpperCase()}`
    : `scaled down from ${width}×${height} (${formatBytes(bytes.length)}) to ${output.info.width}×${output.info.height} (${formatBytes(output.data.length)})`
  return {
    ok: true,
    part: imagePart(outType, output.data.toString('base64')),
    note: `[image ${change} to fit the API's limits]`
  }
}

function passThroughWithoutSharp(
  base64: string,
  size: number,
  declaredType: string,
  error: Error
): FittedImage {
  const apiType = Object.values(API_FORMATS).find((type) => type === declaredType.toLowerCase())
  if (apiType && size <= MAX_IMAGE_BYTES) return { ok: true, part: imagePart(apiType, base64), note: null }
  return {
    ok: false,
    reason: `it would need converting or scaling down, and the image library failed to load (${error.message})`
  }
}

function imagePart(mediaType: ImageMediaType, data: string): ImagePart {
  return { type: 'image', source: { type: 'base64', media_type: mediaType, data } }
}
