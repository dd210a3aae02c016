import { FakeApiError, invalidRequest } from './errors'
import { listOr, objectOr, type JsonObject } from './json'

/**
 * The real API's rules for image and document blocks (Anthropic "Vision", "PDF support" and
 * "Citations" guides): base64 sources with a supported media type and valid data, plain-text
 * document sources (`{type: 'text', media_type: 'text/plain', data}`), at most 5 MB of base64
 * per image, documents only in user turns, and at most 100 images per request.
 */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp']
const DOCUMENT_TYPES = ['application/pdf', 'text/plain']
export const MAX_IMAGE_BASE64 = 5 * 1024 * 1024
export const MAX_IMAGES = 100
/** The request size limit of the standard Messages endpoint, answered with 413. */
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024

/** A plain-text document source: the text itself, as a string, always `text/plain`. */
function checkTextSource(source: JsonObject, path: string): void {
  if (source['media_type'] !== 'text/plain')
    throw invalidRequest(`${path}.source.media_type: Input should be 'text/plain'`)
  if (typeof source['data'] !== 'string')
    throw invalidRequest(`${path}.source.data: Input should be a valid string`)
}

function checkSource(block: JsonObject, path: string, allowed: readonly unknown[]): void {
  const source = objectOr(block['source'])
  if (source['type'] === 'url' || source['type'] === 'file') return
  if (source['type'] === 'text' && block['type'] === 'document') return checkTextSource(source, path)
  if (source['type'] !== 'base64')
    throw invalidRequest(
      `${path}.source.type: Input should be 'base64', ${block['type'] === 'document' ? "'text', " : ''}'url' or 'file'`
    )
  if (!allowed.includes(source['media_type']))
    throw invalidRequest(
      `${path}.source.media_type: Input should be ${allowed.map((t) => `'${t}'`).join(', ')}`
    )
  const data = source['data']
  if (typeof data !== 'string' || data.length === 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data))
    throw invalidRequest(`${path}.source.data: invalid base64 data`)
}

/** Throws the API's 400 for a malformed or oversized image/document block anywhere in `messages`. */
export function validateMediaBlocks(messages: unknown): void {
  let images = 0
  listOr(messages).forEach((item, index) => {
    const message = objectOr(item)
    listOr(message['content']).forEach((entry, blockIndex) => {
      const path = `messages.${index}.content.${blockIndex}`
      const block = objectOr(entry)
      if (block['type'] === 'image') {
        images++
        checkSource(block, path, IMAGE_TYPES)
        const size = String(objectOr(block['source'])['data'] ?? '').length
        if (size > MAX_IMAGE_BASE64)
          throw invalidRequest(
            `${path}.source.base64: image exceeds 5 MB maximum: ${size} bytes > ${MAX_IMAGE_BASE64} bytes`
          )
      } else if (block['type'] === 'document') {
        if (message['role'] !== 'user')
          throw invalidRequest(`${path}: document blocks are only allowed in user messages`)
        checkSource(block, path, DOCUMENT_TYPES)
      }
    })
  })
  if (images > MAX_IMAGES)
    throw invalidRequest(`messages: too many images in request (${images} > ${MAX_IMAGES})`)
}

/** The 413 the real front door answers before parsing a body over 32 MB. */
export function checkRequestSize(bytes: number): void {
  if (bytes > MAX_REQUEST_BYTES)
    throw new FakeApiError(
      413,
      'request_too_large',
      `Request exceeds the maximum allowed number of bytes (${MAX_REQUEST_BYTES})`
    )
}
