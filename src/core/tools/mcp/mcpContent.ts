import type { CallToolResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js'
import { neutraliseFenceMarkup } from '../../domain/prompt/fenceText'
import { formatBytes } from '../../../shared/util/toolResultText'
import { RichToolResult } from '../richResult'
import { ToolError } from '../runTool'
import type { ToolResultPart } from '../toolTypes'
import { fitImage } from './imageFit'

/** More images than this in one result are described instead (each costs up to ~1,600 tokens). */
export const MAX_IMAGES_PER_RESULT = 5
/** Decoded text blobs past this are described, not inlined. */
const MAX_INLINE_BLOB_BYTES = 200_000

type Block = CallToolResult['content'][number]
type ResourceContents = ReadResourceResult['contents'][number]

/** How converted blocks refer to the server's resource reader (null when it has none). */
export interface ContentContext {
  readonly readResourceTool: string | null
}

/**
 * A tool result as the model should see it: text as text; images as image blocks (fitted to the
 * API's limits, or refused with the reason); audio, resource links and binary resources as text
 * that keeps their URI, name, type and size; structured content as JSON unless a text block
 * already carries it. A result flagged `isError` becomes an error result.
 */
export async function convertToolResult(
  result: CallToolResult,
  context: ContentContext
): Promise<RichToolResult> {
  const images = { count: 0 }
  const parts: ToolResultPart[] = []
  for (const block of result.content ?? []) parts.push(...(await convertBlock(block, context, images)))
  const structured = structuredPart(result, parts)
  if (structured) parts.push(structured)
  // The server's error text is its own words, like a result: made inert the same way.
  if (result.isError)
    throw new ToolError(
      neutraliseFenceMarkup(textOf(parts)) || 'The MCP tool reported an error without a message.',
      { error_type: 'mcp_tool_error' }
    )
  return new RichToolResult(parts)
}

/** The contents of `resources/read`, converted like an embedded resource each. */
export async function convertResourceContents(result: ReadResourceResult): Promise<RichToolResult> {
  const images = { count: 0 }
  const parts: ToolResultPart[] = []
  for (const contents of result.contents) parts.push(...(await convertResource(contents, images)))
  if (parts.length === 0) parts.push({ type: 'text', text: 'The resource has no contents.' })
  return new RichToolResult(parts)
}

async function convertBlock(
  block: Block,
  context: ContentContext,
  images: { count: number }
): Promise<ToolResultPart[]> {
  switch (block.type) {
    case 'text':
      return [{ type: 'text', text: block.text }]
    case 'image':
      return convertImage(block.data, block.mimeType, 'image', images)
    case 'audio':
      return [
        text(
          `[audio: ${block.mimeType}, ${formatBytes(decodedSize(block.data))}${audience(block.annotations)}. Audio cannot be passed to the model; tell the user it is available from the tool.]`
        )
      ]
    case 'resource_link':
      return [text(describeLink(block, context))]
    case 'resource':
      return convertResource(block.resource, images)
    default:
      return [
        text(`[${String((block as { type?: unknown }).type)} content that Hearth does not know how to show]`)
      ]
  }
}

async function convertImage(
  data: string,
  mimeType: string,
  what: string,
  images: { count: number }
): Promise<ToolResultPart[]> {
  if (images.count >= MAX_IMAGES_PER_RESULT)
    return [
      text(
        `[${what} left out (${mimeType}): only the first ${MAX_IMAGES_PER_RESULT} images of a result are shown]`
      )
    ]
  const fitted = await fitImage(data, mimeType)
  if (!fitted.ok) return [text(`[${what} left out (${mimeType}): ${fitted.reason}]`)]
  images.count++
  return fitted.note ? [fitted.part, text(fitted.note)] : [fitted.part]
}

async function convertResource(
  resource: ResourceContents,
  images: { count: number }
): Promise<ToolResultPart[]> {
  const mime = resource.mimeType ?? 'unknown type'
  if ('text' in resource && typeof resource.text === 'string')
    return [text(`[resource ${resource.uri} (${mime})]\n${resource.text}`)]
  const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : ''
  if (mime.startsWith('image/')) return convertImage(blob, mime, `image resource ${resource.uri}`, images)
  const bytes = Buffer.from(blob, 'base64')
  const decoded = isTextual(mime) && bytes.length <= MAX_INLINE_BLOB_BYTES ? utf8OrNull(bytes) : null
  if (decoded !== null) return [text(`[resource ${resource.uri} (${mime})]\n${decoded}`)]
  return [
    text(
      `[resource ${resource.uri}: ${mime}, ${formatBytes(bytes.length)} of binary data, not shown to the model]`
    )
  ]
}

function describeLink(link: Extract<Block, { type: 'resource_link' }>, context: ContentContext): string {
  const label = link.title && link.title !== link.name ? `${link.name} (${link.title})` : link.name
  const facts = [link.mimeType, typeof link.size === 'number' ? formatBytes(link.size) : undefined].filter(
    (fact) => fact !== undefined
  )
  const lines = [`[resource link] ${label}: ${link.uri}${facts.length > 0 ? ` — ${facts.join(', ')}` : ''}`]
  if (link.description) lines.push(`  ${link.description}`)
  if (context.readResourceTool)
    lines.push(`  Read it with ${context.readResourceTool} {"uri": ${JSON.stringify(link.uri)}}.`)
  return lines.join('\n')
}

/**
 * Structured content as JSON, unless a text block already holds it: servers are asked to send a
 * text copy too, either the whole object or (commonly) its one wrapped value.
 */
function structuredPart(result: CallToolResult, parts: readonly ToolResultPart[]): ToolResultPart | null {
  const structured = result.structuredContent
  if (structured === undefined) return null
  const json = JSON.stringify(structured)
  const copies = new Set([json, ...Object.values(structured).map((value) => JSON.stringify(value))])
  const echoed = parts.some((part) => part.type === 'text' && copies.has(normalisedJson(part.text) ?? ''))
  if (echoed) return null
  return text(parts.length === 0 ? json : `[structured content]\n${json}`)
}

function normalisedJson(candidate: string): string | null {
  try {
    return JSON.stringify(JSON.parse(candidate))
  } catch {
    return null
  }
}

function isTextual(mime: string): boolean {
  return mime.startsWith('text/') || /[/+](json|xml|yaml|csv|javascript|x-sh)$/.test(mime)
}

function utf8OrNull(bytes: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

function audience(annotations: { audience?: readonly string[] } | undefined): string {
  return annotations?.audience && annotations.audience.length > 0
    ? `, meant for ${annotations.audience.join(' and ')}`
    : ''
}

function decodedSize(base64: string): number {
  return Math.floor((base64.replace(/[\s=]+/g, '').length * 3) / 4)
}

function text(value: string): ToolResultPart {
  return { type: 'text', text: value }
}

function textOf(parts: readonly ToolResultPart[]): string {
  return parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n')
}
