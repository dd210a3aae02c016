import type { attachmentMethods } from '../../shared/contract/attachments'
import type { CoreServices } from '../coreServices'
import { invalidInput } from '../errors'
import type { FeatureHandlers } from './foundationHandlers'

/** Base64 as JavaScript decodes it silently drops junk; a strict check keeps a garbled upload from being stored. */
function decodeBase64(text: string): Buffer {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw invalidInput('The file did not arrive intact (not base64); attach it again')
  return Buffer.from(text, 'base64')
}

export function attachmentHandlers(services: CoreServices): FeatureHandlers<typeof attachmentMethods> {
  return {
    'attachments.add': async ({ name, mediaType, dataBase64 }) =>
      services.attachments.add({ name, mediaType, data: decodeBase64(dataBase64) }),
    'attachments.thumbnail': async ({ id }) => ({ dataUrl: services.attachments.thumbnailDataUrl(id) })
  }
}
