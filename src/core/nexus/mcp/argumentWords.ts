import type { McpToolSpec } from './mcpToolSpec'

/** A summary is one line with something on it: what the log's own rule enforces. */
export const ONE_LINE = '^[^\\r\\n]*[^\\s][^\\r\\n]*$'
export const AUTHOR = '^[a-z0-9][a-z0-9._-]{0,63}$'
export const STATE_HASH = '^([0-9a-f]{64}|missing)$'

/** What each pattern Hearth's tools use asks for, in words a model (or a person) can act on. */
const PATTERN_WORDS: Readonly<Record<string, string>> = {
  [ONE_LINE]: 'must be one line of text: no line breaks (put details in body)',
  [AUTHOR]: 'must be an author name: 1–64 lowercase letters, digits, dots, dashes or underscores',
  [STATE_HASH]:
    'must be the hash project_state_read returned (64 hexadecimal characters, or "missing" before the first save)'
}

/**
 * One problem `checkArguments` found, in words: "summary must be one line…" rather than
 * "arguments.summary: does not match the pattern ^[^\r\n]*…".
 */
export function inWords(problem: string, tool: McpToolSpec): string {
  const match = /^arguments(?:\.([^:]+))?: (.*)$/.exec(problem)
  if (!match) return problem
  const field = match[1] ?? 'the arguments'
  const what = match[2] as string
  const pattern = /^does not match the pattern (.+)$/.exec(what)?.[1]
  if (pattern !== undefined)
    return `${field} ${PATTERN_WORDS[pattern] ?? `is not in the expected form for ${tool.name}`}`
  return `${field} ${what.replace(/^is not a known parameter/, 'is not a parameter of this tool')}`
}
