/** What a redacted secret is replaced by. */
export const REDACTED = '[redacted]'

/**
 * Shapes of secrets that can end up in an error message: Anthropic-style keys, bearer tokens,
 * `x-api-key`/`authorization` headers, and `token=` query parameters (the web host's URL).
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bsk-[A-Za-z0-9][A-Za-z0-9_-]{6,}/g,
  /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  /(\b(?:x-api-key|authorization|api[_-]?key)["']?\s*[:=]\s*["']?)(?!Bearer\s)[^\s"',;}]{6,}/gi,
  /([?&](?:token|key|api_key)=)[^&\s#"']+/gi
]

/**
 * Removes secrets from a log line: every exact value in `known` (the configured API key, the
 * serve token), then anything shaped like a key or token. Short known values are skipped so a
 * one-letter "secret" cannot blank out the line.
 */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let out = text
  for (const secret of known) if (secret.length >= 6) out = out.split(secret).join(REDACTED)
  for (const pattern of SECRET_PATTERNS)
    out = out.replace(pattern, (match, prefix?: unknown) =>
      typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED
    )
  return out
}
