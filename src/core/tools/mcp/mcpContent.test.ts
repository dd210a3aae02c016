import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { RichToolResult } from '../richResult'
import { runTool } from '../runTool'
import type { ToolDefinition, ToolResultPart } from '../toolTypes'
import { fitImage, MAX_IMAGE_EDGE } from './imageFit'
import { convertToolResult, MAX_IMAGES_PER_RESULT } from './mcpContent'
import { testId } from '../../../shared/testing/ids'

const context = { readResourceTool: 'mcp__docs__read_resource' }

async function png(width: number, height: number): Promise<string> {
  return (
    await sharp({ create: { width, height, channels: 4, background: '#ff8800' } })
      .png()
      .toBuffer()
  ).toString('base64')
}

function texts(parts: readonly ToolResultPart[]): string[] {
  return parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
}

describe('fitImage', () => {
  it('passes an image that already fits unchanged, with the type its bytes say', async () => {
    const data = await png(40, 30)
    expect(await fitImage(data, 'image/jpeg')).toEqual({
      ok: true,
      part: { type: 'image', source: { type: 'base64', media_type: 'image/png', data } },
      note: null
    })
  })

  it('converts an SVG the API would refuse into a PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32" fill="teal"/></svg>'
    ).toString('base64')
    const fitted = await fitImage(svg, 'image/svg+xml')
    expect(fitted).toMatchObject({
      ok: true,
      part: { source: { media_type: 'image/png' } },
      note: "[image converted from SVG to fit the API's limits]"
    })
  })

  it('scales the longer edge down to the limit', async () => {
    const fitted = await fitImage(await png(2400, 4000), 'image/png')
    if (!fitted.ok) throw new Error(fitted.reason)
    const meta = await sharp(Buffer.from(fitted.part.source.data, 'base64')).metadata()
    expect([meta.width, meta.height]).toEqual([941, MAX_IMAGE_EDGE])
    expect(fitted.note).toMatch(
      /^\[image scaled down from 2400×4000 \(.+\) to 941×1568 \(.+\) to fit the API's limits\]$/
    )
  })

  it('refuses bytes that are not base64 or not an image, saying why', async () => {
    expect(await fitImage('not base64!!', 'image/png')).toEqual({
      ok: false,
      reason: 'its data is not valid base64'
    })
    expect(await fitImage('', 'image/png')).toEqual({ ok: false, reason: 'it is empty' })
    const junk = await fitImage(Buffer.from('plain words, no pixels').toString('base64'), 'image/png')
    expect(junk).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^it could not be decoded as an image/)
    })
  })
})

describe('convertToolResult', () => {
  it('describes audio, resource links and binary resources with their metadata', async () => {
    const result = await convertToolResult(
      {
        content: [
          {
            type: 'audio',
            data: Buffer.alloc(3000).toString('base64'),
            mimeType: 'audio/wav',
            annotations: { audience: ['user'] }
          },
          {
            type: 'resource_link',
            uri: 'file:///docs/guide.pdf',
            name: 'guide.pdf',
            title: 'The guide',
            mimeType: 'application/pdf',
            size: 52_000,
            description: 'Setup guide'
          },
          {
            type: 'resource',
            resource: {
              uri: 'file:///data.bin',
              mimeType: 'application/octet-stream',
              blob: Buffer.alloc(10).toString('base64')
            }
          }
        ]
      },
      context
    )
    expect(texts(result.parts)).toEqual([
      '[audio: audio/wav, 2.9 KB, meant for user. Audio cannot be passed to the model; tell the user it is available from the tool.]',
      '[resource link] guide.pdf (The guide): file:///docs/guide.pdf — application/pdf, 50.8 KB\n  Setup guide\n  Read it with mcp__docs__read_resource {"uri": "file:///docs/guide.pdf"}.',
      '[resource file:///data.bin: application/octet-stream, 10 B of binary data, not shown to the model]'
    ])
  })

  it(`shows at most ${MAX_IMAGES_PER_RESULT} images and explains the rest and the refused ones`, async () => {
    const data = await png(8, 8)
    const images = Array.from({ length: MAX_IMAGES_PER_RESULT + 1 }, () => ({
      type: 'image' as const,
      data,
      mimeType: 'image/png'
    }))
    const result = await convertToolResult(
      { content: [...images, { type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
      context
    )
    expect(result.parts.filter((part) => part.type === 'image')).toHaveLength(MAX_IMAGES_PER_RESULT)
    expect(texts(result.parts)).toEqual([
      `[image left out (image/png): only the first ${MAX_IMAGES_PER_RESULT} images of a result are shown]`,
      `[image left out (image/png): only the first ${MAX_IMAGES_PER_RESULT} images of a result are shown]`
    ])
    const refused = await convertToolResult(
      { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
      context
    )
    expect(texts(refused.parts)[0]).toMatch(
      /^\[image left out \(image\/png\): it could not be decoded as an image/
    )
  })

  it('keeps structured content as JSON when no text block carries it; an error result throws its text', async () => {
    const structured = await convertToolResult(
      { content: [{ type: 'text', text: 'Forecast ready' }], structuredContent: { high: 21 } },
      context
    )
    expect(texts(structured.parts)).toEqual(['Forecast ready', '[structured content]\n{"high":21}'])
    const only = await convertToolResult({ content: [], structuredContent: { high: 21 } }, context)
    expect(texts(only.parts)).toEqual(['{"high":21}'])
    await expect(
      convertToolResult({ content: [{ type: 'text', text: 'quota exceeded' }], isError: true }, context)
    ).rejects.toThrow('quota exceeded')
  })
})

describe('rich results through runTool', () => {
  const tool = (parts: ToolResultPart[], maxResultChars?: number): ToolDefinition => ({
    name: 'shot',
    toolset: 'mcp-x',
    description: 'd',
    inputSchema: { type: 'object' },
    ...(maxResultChars ? { maxResultChars } : {}),
    handler: async () => new RichToolResult(parts)
  })
  const ctx = { agentId: testId.agent('a'), sessionId: testId.session('s') }

  it('keeps image blocks in `parts` and renders a text version for the UI', async () => {
    const image: ToolResultPart = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: 'AAAA' }
    }
    const outcome = await runTool(tool([{ type: 'text', text: 'Screenshot:' }, image]), {}, ctx)
    expect(outcome).toEqual({
      ok: true,
      content: 'Screenshot:\n[image: image/png, 3 B]',
      parts: [{ type: 'text', text: 'Screenshot:' }, image],
      displayName: 'shot'
    })
  })

  it('sends text-only results as one string, cut to the tool budget', async () => {
    const outcome = await runTool(
      tool(
        [
          { type: 'text', text: 'a'.repeat(30) },
          { type: 'text', text: 'b'.repeat(30) }
        ],
        40
      ),
      {},
      ctx
    )
    expect(outcome.parts).toBeUndefined()
    expect(outcome.content).toMatch(/^a{30}\nb{10}\n\[… result cut: 10 of 30 characters shown\]$/)
  })
})
