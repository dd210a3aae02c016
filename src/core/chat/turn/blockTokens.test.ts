import { describe, expect, it } from 'vitest'
import { estimateBlockTokens, IMAGE_TOKEN_ESTIMATE } from './blockTokens'
import type { AttachmentBlock } from '../chatTypes'

function attached(type: 'image' | 'document', mediaType: string, bytes: number): AttachmentBlock {
  return {
    type,
    source: { type: 'attachment', id: 'ab'.repeat(32), media_type: mediaType, name: 'tides.md', bytes }
  }
}

describe('estimateBlockTokens', () => {
  it('counts a text attachment by the text it sends, not by its small stored reference', () => {
    expect(estimateBlockTokens(attached('document', 'text/plain', 40_000))).toBe(10_000 + 2)
  })

  it('counts an image in a tool result at its billed ceiling and a stored image or PDF by its reference', () => {
    const result = {
      type: 'tool_result' as const,
      tool_use_id: 'toolu_1',
      content: [
        {
          type: 'image' as const,
          source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'A'.repeat(90_000) }
        }
      ]
    }
    expect(estimateBlockTokens(result)).toBeLessThan(IMAGE_TOKEN_ESTIMATE + 20)
    expect(estimateBlockTokens(attached('document', 'application/pdf', 4_000_000))).toBeLessThan(100)
  })
})
