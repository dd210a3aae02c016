/**
 * Reading a recorded request body the way the cache sees it, for tests: the system text the
 * model received and the cache markers in render order (tools → system → messages).
 */

interface Marked {
  readonly cache_control?: { readonly type: string; readonly ttl?: string }
}

interface RecordedBody {
  readonly tools?: readonly Marked[]
  readonly system?: string | readonly (Marked & { readonly text: string })[]
  readonly messages: readonly { readonly content: string | readonly Marked[] }[]
}

/** The system prompt as sent: the text blocks joined (they carry their own separators). */
export function sentSystemText(body: unknown): string {
  const system = (body as RecordedBody).system
  if (system === undefined) return ''
  return typeof system === 'string' ? system : system.map((block) => block.text).join('')
}

/** The TTL of every cache marker in render order ('5m' when a marker names none). */
export function markerTtls(body: unknown): string[] {
  const request = body as RecordedBody
  const system = typeof request.system === 'string' || request.system === undefined ? [] : request.system
  const blocks: Marked[] = [
    ...(request.tools ?? []),
    ...system,
    ...request.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
  ]
  return blocks.flatMap((block) => (block.cache_control ? [block.cache_control.ttl ?? '5m'] : []))
}

/** How many cache markers a request carries (the API refuses more than four). */
export function markerCount(body: unknown): number {
  return markerTtls(body).length
}
