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

/** Shortest run of a known secret's characters that counts as an echo of it ("sk-ant-a…" cut short). */
const FRAGMENT_CHARS = 10

/**
 * Removes secrets from any text that leaves the process (a log line, an endpoint's error kept in
 * the database, shown or printed): every known value (the configured API key, the serve token) as
 * given and in its common encodings (URL-encoded, base64, base64url, hex), any run of at least
 * ten of its characters (an echo cut short or with a mask in the middle), then anything shaped
 * like a key or token. Short known values are skipped so a one-letter "secret" cannot blank out
 * the text.
 */
export function redactSecrets(text: string, known: readonly (string | null | undefined)[] = []): string {
  let out = text
  for (const secret of known) {
    if (typeof secret !== 'string' || secret.length < 6) continue
    for (const form of encodings(secret)) out = out.split(form).join(REDACTED)
    out = redactFragments(out, secret)
  }
  for (const pattern of SECRET_PATTERNS)
    out = out.replace(pattern, (match, prefix?: unknown) =>
      typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED
    )
  return out
}

function encodings(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const base64 = bytes.toString('base64')
  return [
    secret,
    encodeURIComponent(secret),
    base64,
    base64.replace(/=+$/, ''),
    bytes.toString('base64url'),
    bytes.toString('hex')
  ].sort((a, b) => b.length - a.length)
}

/** Replaces every stretch of the text that copies FRAGMENT_CHARS or more consecutive characters of the secret. */
function redactFragments(text: string, secret: string): string {
  if (secret.length < FRAGMENT_CHARS || text.length < FRAGMENT_CHARS) return text
  const grams = new Set<string>()
  for (let i = 0; i + FRAGMENT_CHARS <= secret.length; i++) grams.add(secret.slice(i, i + FRAGMENT_CHARS))
  const covered = new Uint8Array(text.length)
  let any = false
  for (let i = 0; i + FRAGMENT_CHARS <= text.length; i++) {
    if (!grams.has(text.slice(i, i + FRAGMENT_CHARS))) continue
    covered.fill(1, i, i + FRAGMENT_CHARS)
    any = true
  }
  if (!any) return text
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (covered[i] === 0) out += text[i]
    else if (i === 0 || covered[i - 1] === 0) out += REDACTED
  }
  return out
}
