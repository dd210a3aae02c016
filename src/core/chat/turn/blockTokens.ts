import { TEXT_MEDIA_TYPE } from '../../../shared/attachments'
import { estimateTokens } from '../../../shared/util/tokens'
import type { ContentBlock } from '../chatTypes'

/**
 * What the API bills for an image block, at most: images are scaled to about 1.15 megapixels
 * and cost width×height/750 tokens, so ~1,600 is the ceiling. Counting the base64 text instead
 * would make one screenshot look like 100k tokens and trigger compression for nothing.
 */
export const IMAGE_TOKEN_ESTIMATE = 1_600

/** Rough token size of one content block (images at their billed ceiling, not their bytes; text files by their bytes). */
export function estimateBlockTokens(block: ContentBlock): number {
  // A text attachment is stored as a small reference but sent whole, so its size is its text's.
  if (block.type === 'document' && block.source.media_type === TEXT_MEDIA_TYPE)
    return Math.ceil(block.source.bytes / 4) + estimateTokens(block.source.name)
  if (block.type !== 'tool_result' || typeof block.content === 'string')
    return estimateTokens(JSON.stringify(block))
  let tokens = estimateTokens(block.tool_use_id) + 8
  for (const part of block.content)
    tokens += part.type === 'image' ? IMAGE_TOKEN_ESTIMATE : estimateTokens(JSON.stringify(part))
  return tokens
}
