import { toolResultText } from '../../shared/util/toolResultText'
import type { ToolOutcome, ToolResultPart } from './toolTypes'

/** Lines put around a result's text after it is cut to budget (so the closing line is never cut off). */
export interface ResultFence {
  readonly open: string
  readonly close: string
}

/**
 * What a handler returns when its result is more than text (an image from an MCP server): the
 * blocks go to the model as the tool_result's content list; everything else (the UI card, the
 * CLI summary, search) reads the text rendering.
 */
export class RichToolResult {
  constructor(
    readonly parts: readonly ToolResultPart[],
    readonly fence: ResultFence | null = null
  ) {}
}

/**
 * The outcome of a rich result. Text blocks share the tool's character budget (cut with a
 * marker like any long result); results that turn out to be text only are sent as one string,
 * exactly as a plain tool's would be. A fenced result gets its fence lines after the cut.
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
  if (result.fence) {
    parts.unshift({ type: 'text', text: result.fence.open })
    parts.push({ type: 'text', text: result.fence.close })
  }
  const hasImage = parts.some((part) => part.type === 'image')
  const content = hasImage
    ? toolResultText(parts)
    : parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
  return hasImage ? { ok: true, content, parts, displayName } : { ok: true, content, displayName }
}
