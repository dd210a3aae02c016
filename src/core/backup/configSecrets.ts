import { isPlainObject } from '../tools/schemaCheck'
import { expandVariables } from '../tools/mcp/expandVariables'
import { REDACTED } from './secretGuard'

/** A value that only names environment variables (`${GITHUB_TOKEN}`) holds no secret itself. */
function onlyReferences(value: string): boolean {
  return value.replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::-[^}]*)?\}/g, '').trim() === '' && value.includes('${')
}

/** Each server's `env` and `headers` values as written in config.json, with their names. */
function writtenValues(servers: unknown): { name: string; value: string }[] {
  if (!isPlainObject(servers)) return []
  const values: { name: string; value: string }[] = []
  for (const entry of Object.values(servers)) {
    if (!isPlainObject(entry)) continue
    for (const group of [entry.env, entry.headers])
      if (isPlainObject(group))
        for (const [name, value] of Object.entries(group))
          if (typeof value === 'string') values.push({ name, value })
  }
  return values
}

/** Names that say a value is a credential (GITHUB_PERSONAL_ACCESS_TOKEN, Authorization, X-Api-Key…). */
const SECRET_NAME = /TOKEN|KEY|SECRET|PASSW|PASSPHRASE|CREDENTIAL|AUTH|COOKIE|SESSION|PAT$|PRIVATE/i

/** A value shaped like a token: one long word mixing letters and digits, or a URL carrying a password. */
function tokenShaped(value: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i.test(value)) return true
  return (
    value.length >= 20 &&
    !/\s/.test(value) &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    !/^[/~.]/.test(value)
  )
}

/**
 * The secrets the MCP server entries of config.json carry, for the checks that keep secrets in
 * the home: `env` and header values that are credentials by their name or their shape, as written
 * and as their `${VAR}` expand, an `Authorization` scheme's token also on its own. Ordinary
 * settings (LOG_LEVEL=debug, a folder) are not searched for: they would match ordinary text.
 */
export function mcpConfigSecrets(
  servers: unknown,
  env: Readonly<Record<string, string | undefined>>
): string[] {
  const found: string[] = []
  for (const { name, value } of writtenValues(servers)) {
    const expanded = expandVariables(value, env).text
    for (const candidate of onlyReferences(value) ? [expanded] : [value, expanded]) {
      const bare = candidate.replace(/^(Bearer|Basic|Token)\s+/i, '').trim()
      if (SECRET_NAME.test(name) || tokenShaped(bare)) found.push(candidate.trim(), bare)
    }
  }
  return found.filter((s) => s !== '')
}

/**
 * config.json as it may leave the home (a backup): every MCP server's `env` and `headers` value
 * replaced by the marker, except one that only names environment variables. Every value, not only
 * the ones that look secret: nobody can tell a password by its look, and a restore asks for them again. null when nothing
 * had to change, or when the file is not JSON (the backup's secret check still reads it).
 */
export function configWithoutSecrets(text: string): string | null {
  let config: unknown
  try {
    config = JSON.parse(text)
  } catch {
    // A malformed config.json is copied as it is; the byte check against known secrets still runs on it.
    return null
  }
  if (!isPlainObject(config) || !isPlainObject(config.mcpServers)) return null
  let changed = false
  for (const entry of Object.values(config.mcpServers)) {
    if (!isPlainObject(entry)) continue
    for (const key of ['env', 'headers'] as const) {
      const group = entry[key]
      if (!isPlainObject(group)) continue
      for (const [name, value] of Object.entries(group))
        if (typeof value === 'string' && value !== '' && !onlyReferences(value) && value !== REDACTED) {
          group[name] = REDACTED
          changed = true
        }
    }
  }
  return changed ? `${JSON.stringify(config, null, 2)}\n` : null
}
