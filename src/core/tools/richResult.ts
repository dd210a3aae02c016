import { toolResultText } from '../../shared/util/toolResultText'
import type { ToolOutcome, ToolResultPart } from './toolTypes'

/**
 * What a handler returns when its result is more than text (an image from an MCP server): the
 * blocks go to the model as the tool_result's content list; everything else (the UI card, the
 * CLI summary, search) reads the text rendering.
 */
export class RichToolResult {
  constructor(readonly parts: readonly ToolResultPart[]) {}
}

/**
 * The outcome of a rich result. Text blocks share the tool's character budget (cut with a
 * marker like any long result); results that turn out to be text only are sent as one string,
 * exactly as a plain tool's would be.
 */
export function richOutcome(
  result: RichToolResult,
  maxChars: number,
  displayName: string,
  truncate: (text: string, max: number) => string
): ToolOutcome {
  let budget = maxChars
  const parts: ToolResultPart[] = []
  for (const part of result.parts) {
    if (part.type === 'image') {
      parts.push(part)
      continue
    }
    if (budget <= 0) continue
    const text = truncate(part.text, budget)
    budget -= part.text.length
    if (text !== '') parts.push({ type: 'text', text })
  }
  const hasImage = parts.some((part) => part.type === 'image')
  const content = hasImage
    ? toolResultText(parts)
    : parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
  return hasImage ? { ok: true, content, parts, displayName } : { ok: true, content, displayName }
}
