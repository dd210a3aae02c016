/**
 * Reading a recorded request body the way the cache sees it, for tests: the system text the
 * model received and the cache markers in render order (tools → system → messages).
 */
import { blocksOf, systemText, type SentBody } from '../../../tests/fakeAnthropic'

/** The system prompt as sent: the text blocks joined (they carry their own separators). */
export function sentSystemText(body: SentBody | undefined): string {
  return systemText(body)
}

/** The TTL of every cache marker in render order ('5m' when a marker names none). */
export function markerTtls(body: SentBody | undefined): string[] {
  const system = typeof body?.system === 'string' ? [] : (body?.system ?? [])
  const blocks = [...(body?.tools ?? []), ...system, ...(body?.messages ?? []).flatMap(blocksOf)]
  return blocks.flatMap((block) => (block.cache_control ? [block.cache_control.ttl ?? '5m'] : []))
}

/** How many cache markers a request carries (the API refuses more than four). */
export function markerCount(body: SentBody | undefined): number {
  return markerTtls(body).length
}
