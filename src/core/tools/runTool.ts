import { RichToolResult, richOutcome } from './richResult'
import { isPlainObject } from './schemaCheck'
import type { ToolContext, ToolDefinition, ToolOutcome } from './toolTypes'

/** Results longer than this are cut (the model pays for every character, every turn after). */
export const DEFAULT_MAX_RESULT_CHARS = 50_000

/**
 * An expected refusal a handler throws to give the model a clean `{"error": message, …extra}`
 * result (no "Tool execution failed" prefix, no stack): bad arguments, a missing file, a
 * declined confirmation.
 */
export class ToolError extends Error {
  constructor(
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {}
  ) {
    super(message)
    this.name = 'ToolError'
  }
}

/** The JSON text of an error result, in the one shape the model sees for every failure. */
export function errorContent(message: string, extra: Readonly<Record<string, unknown>> = {}): string {
  return JSON.stringify({ error: message, ...extra })
}

export function errorOutcome(
  displayName: string,
  message: string,
  extra: Readonly<Record<string, unknown>> = {}
): ToolOutcome {
  return { ok: false, content: errorContent(message, extra), displayName }
}

export function unknownToolOutcome(name: string): ToolOutcome {
  return errorOutcome(name, `Unknown tool: ${name}`)
}

/**
 * Runs one tool and turns whatever happens into a `ToolOutcome`; never throws. A handler that
 * throws, returns something that is not JSON, or is cancelled gives an error result the model
 * can read and react to, instead of ending the turn.
 */
export async function runTool(
  tool: ToolDefinition,
  input: unknown,
  context: ToolContext,
  displayName = tool.name
): Promise<ToolOutcome> {
  if (context.signal?.aborted) return errorOutcome(displayName, 'The call was cancelled before it ran.')
  if (!isPlainObject(input))
    return errorOutcome(displayName, `Tool arguments must be a JSON object, got ${describe(input)}.`)
  let result: unknown
  try {
    result = await tool.handler(input, context)
  } catch (error) {
    return failureOutcome(tool.name, displayName, error)
  }
  const maxChars = tool.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS
  if (result instanceof RichToolResult) return richOutcome(result, maxChars, displayName, truncateResult)
  const content = serialiseResult(result)
  if (content === undefined) {
    return errorOutcome(displayName, `Tool handler returned unsupported result type: ${describe(result)}`, {
      error_type: 'tool_result_contract',
      tool: tool.name,
      result_type: describe(result)
    })
  }
  return { ok: true, content: truncateResult(content, maxChars), displayName }
}

function failureOutcome(toolName: string, displayName: string, error: unknown): ToolOutcome {
  if (error instanceof ToolError) return errorOutcome(displayName, error.message, error.extra)
  if (error instanceof Error && error.name === 'AbortError')
    return errorOutcome(displayName, 'The call was cancelled.')
  const type = error instanceof Error ? error.name : typeof error
  const message = error instanceof Error ? error.message : String(error)
  return errorOutcome(displayName, `Tool execution failed: ${type}: ${message}`, { tool: toolName })
}

/** Strings pass as they are; other values become compact JSON; undefined when not JSON. */
function serialiseResult(result: unknown): string | undefined {
  if (typeof result === 'string') return result
  if (
    result === undefined ||
    typeof result === 'function' ||
    typeof result === 'symbol' ||
    typeof result === 'bigint'
  )
    return undefined
  if (typeof result === 'number' && !Number.isFinite(result)) return undefined
  try {
    return JSON.stringify(result)
  } catch {
    return undefined
  }
}

/** Cuts at `max` characters (never inside a surrogate pair) and says how much was left out. */
export function truncateResult(content: string, max: number): string {
  if (content.length <= max) return content
  let end = max
  const code = content.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end--
  return `${content.slice(0, end)}\n[… result cut: ${end.toLocaleString('en-US')} of ${content.length.toLocaleString('en-US')} characters shown]`
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'object')
    return value.constructor?.name === 'Object'
      ? 'object (not serialisable)'
      : (value.constructor?.name ?? 'object')
  return typeof value
}
