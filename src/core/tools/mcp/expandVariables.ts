/** `${NAME}` or `${NAME:-default}`; names as shells write them. */
const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/**
 * Expands environment variables the way Claude Code's `.mcp.json` does, so a shared project file
 * can say `"Authorization": "Bearer ${API_TOKEN}"` without the token in it. Unset variables
 * without a default expand to nothing and are reported.
 */
export function expandVariables(
  text: string,
  env: Readonly<Record<string, string | undefined>>
): { text: string; missing: string[] } {
  const missing: string[] = []
  const expanded = text.replace(VARIABLE, (_match, name: string, fallback: string | undefined) => {
    const value = env[name]
    if (value !== undefined && value !== '') return value
    if (fallback !== undefined) return fallback
    missing.push(name)
    return ''
  })
  return { text: expanded, missing }
}
