/**
 * What the agent should know about the surface it is talking through. A data table keyed by
 * the lower-cased platform name; users adjust a hint in config.json `platformHints.<platform>`
 * with a string (appended), `{append}` or `{replace}`.
 */
export const PLATFORM_HINTS: Readonly<Record<string, string>> = {
  desktop:
    'You are talking with the user in the Hearth desktop app. Replies render as GitHub-flavoured Markdown (headings, lists, tables, code blocks). Refer to files by their absolute path.',
  cli: 'You are talking with the user in a terminal through the hearth command line. Markdown is shown as plain text: keep formatting light, avoid tables, and put commands in code blocks.',
  web: 'You are talking with the user in the Hearth UI served to a local browser. Replies render as GitHub-flavoured Markdown.',
  mcp: "You are answering another agent runtime through Hearth's MCP server. Reply in plain, compact text that a program can pass on.",
  api: 'Your replies are read by a program through an API. Use plain text without Markdown unless the request asks for it.'
}

/**
 * The hint for a platform with the user's override applied. `replace` substitutes the hint,
 * `append` adds a paragraph, a bare string is an append; both give `replace` then `append`.
 * A malformed or blank override is ignored and the default hint is used.
 */
export function platformHint(platform: string, overrides: unknown): string {
  const key = platform.trim().toLowerCase()
  const base = PLATFORM_HINTS[key] ?? ''
  const override = readOverride(overrides, key)
  if (!override) return base
  const start = override.replace ?? base
  return override.append ? [start, override.append].filter((part) => part !== '').join('\n\n') : start
}

interface Override {
  readonly replace?: string
  readonly append?: string
}

function readOverride(overrides: unknown, key: string): Override | null {
  if (key === '' || overrides === null || typeof overrides !== 'object' || Array.isArray(overrides))
    return null
  const entry: unknown = (overrides as Record<string, unknown>)[key]
  if (typeof entry === 'string') return entry.trim() === '' ? null : { append: entry.trim() }
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return null
  const { replace, append, ...rest } = entry as Record<string, unknown>
  if (Object.keys(rest).length > 0) return null
  if (
    (replace !== undefined && typeof replace !== 'string') ||
    (append !== undefined && typeof append !== 'string')
  )
    return null
  const result: { replace?: string; append?: string } = {}
  if (typeof replace === 'string' && replace.trim() !== '') result.replace = replace.trim()
  if (typeof append === 'string' && append.trim() !== '') result.append = append.trim()
  return result.replace === undefined && result.append === undefined ? null : result
}
