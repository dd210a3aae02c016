/** Secrets shorter than this are not searched for (they would match ordinary text). */
const MIN_SECRET_CHARS = 12

/** What stands where a secret was. */
export const REDACTED = '[secret removed]'

export function usableSecrets(secrets: readonly (string | undefined)[]): string[] {
  return [
    ...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_CHARS))
  ]
}

/** Replaces every known secret in a text that leaves the home (an agent bundle). */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text
  for (const secret of usableSecrets(secrets)) out = out.split(secret).join(REDACTED)
  return out
}

/**
 * Watches a stream of bytes for known secrets, across chunk boundaries: each chunk is searched
 * together with the tail of the one before it.
 */
export class SecretWatch {
  private readonly needles: Buffer[]
  private readonly keep: number
  private tail = Buffer.alloc(0)
  found = false

  constructor(secrets: readonly (string | undefined)[]) {
    this.needles = usableSecrets(secrets).map((s) => Buffer.from(s, 'utf8'))
    this.keep = Math.max(0, ...this.needles.map((n) => n.length - 1))
  }

  push(chunk: Buffer): void {
    if (this.needles.length === 0 || this.found) return
    const window = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk
    if (this.needles.some((needle) => window.includes(needle))) this.found = true
    this.tail = Buffer.from(window.subarray(Math.max(0, window.length - this.keep)))
  }
}
