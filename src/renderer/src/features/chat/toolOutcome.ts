/**
 * What a tool call came to, read from the stored result rather than from the transport's flag
 * alone: a tool may answer normally yet refuse (the memory tool's `{"success": false, "error": …}`
 * when a write would pass the budget), or park the write for approval. The card's chip says which.
 */
export type ToolOutcome =
  | { readonly state: 'running' }
  | { readonly state: 'done' }
  | { readonly state: 'proposed' }
  | { readonly state: 'refused'; readonly reason: string }
  | { readonly state: 'failed'; readonly reason: string | null }

/** The chip's words for each state. */
export const TOOL_STATE_TEXT: Readonly<Record<ToolOutcome['state'], string>> = {
  running: 'running…',
  done: 'done',
  proposed: 'proposed for your approval',
  refused: 'refused',
  failed: 'failed'
}

interface StructuredResult {
  readonly success?: unknown
  readonly error?: unknown
  readonly pending_approval?: unknown
}

const REFUSAL_START = /^\{\s*"success"\s*:\s*false\s*,\s*"error"\s*:\s*("(?:[^"\\]|\\.)*")/

function structured(result: string): StructuredResult | null {
  if (!result.startsWith('{')) return null
  try {
    const parsed: unknown = JSON.parse(result)
    return typeof parsed === 'object' && parsed !== null ? (parsed as StructuredResult) : null
  } catch {
    // Not JSON: plain text is read as it is; a live event's result is cut at a few thousand
    // characters, so a long refusal (it lists the current entries) is still read by its start.
    const refusal = REFUSAL_START.exec(result)?.[1]
    return refusal === undefined ? null : { success: false, error: JSON.parse(refusal) as unknown }
  }
}

/** The reason for the person: the tool's first sentence (what follows is advice to the model). */
function refusalReason(parsed: StructuredResult): string {
  const error = typeof parsed.error === 'string' ? parsed.error.trim() : ''
  if (error === '') return 'The tool refused without giving a reason.'
  const end = error.search(/[.!?](\s|$)/)
  return end === -1 ? error : error.slice(0, end + 1)
}

/** `ok` null: still running; false: the call errored; true: read the result for a refusal or a wait. */
export function toolOutcome(ok: boolean | null, result: string | null): ToolOutcome {
  if (ok === null) return { state: 'running' }
  const parsed = result === null ? null : structured(result.trim())
  if (!ok) return { state: 'failed', reason: parsed ? refusalReason(parsed) : null }
  if (parsed?.success === false) return { state: 'refused', reason: refusalReason(parsed) }
  if (parsed?.pending_approval === true) return { state: 'proposed' }
  return { state: 'done' }
}
