import { canonicalBlocks, hashChain, readTtl, type CanonicalBlock, type Ttl } from './canonical'
import { invalidRequest } from './errors'
import type { JsonObject } from './json'
import { minCacheableTokens } from './minTokens'
import type { CacheOptions, InputUsage } from './types'

/** Lookback window per breakpoint, the breakpoint itself counting as the first position. */
export const LOOKBACK_POSITIONS = 20
export const MAX_BREAKPOINTS = 4
const TTL_MS: Readonly<Record<Ttl, number>> = { '5m': 5 * 60_000, '1h': 60 * 60_000 }

export const DEFAULT_CACHE_OPTIONS: CacheOptions = {
  perMessageOverhead: 3,
  toolsOverhead: 346,
  tailOverhead: 4,
  imageTokens: 1600,
  documentTokens: 3000,
  defaultMinTokens: 1024,
  minTokens: {},
  maxEntries: 10_000
}

interface Entry {
  ttlMs: number
  expiresAt: number
  /** Entries become readable only once the writing request's response has begun. */
  readonly availableAt: number
}

interface Breakpoint {
  readonly index: number
  readonly ttl: Ttl
  readonly cum: number
}

/** The accounting of one request; `commit` stores its writes once the response begins. */
export interface CachePlan {
  readonly usage: InputUsage
  readonly total: number
  readonly commit: (responseAt: number) => void
}

/** Breakpoints in render order (explicit markers + the automatic one), validated like the API does. */
function breakpointsOf(blocks: readonly CanonicalBlock[], body: JsonObject): { index: number; ttl: Ttl }[] {
  const points = blocks.flatMap((block, index) => (block.ttl ? [{ index, ttl: block.ttl }] : []))
  const autoTtl = readTtl(body, 'cache_control')
  if (autoTtl) {
    let last = blocks.length - 1
    while (last >= 0 && !blocks[last]!.cacheable) last--
    const target = blocks[last]
    if (target?.ttl && target.ttl !== autoTtl) {
      throw invalidRequest(
        `cache_control: automatic caching ttl='${autoTtl}' conflicts with ${target.path}.cache_control ttl='${target.ttl}'`
      )
    }
    if (target && !target.ttl) points.push({ index: last, ttl: autoTtl })
  }
  if (points.length > MAX_BREAKPOINTS) {
    throw invalidRequest(
      `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${points.length}.`
    )
  }
  let seenShort = false
  for (const point of points) {
    if (point.ttl === '5m') seenShort = true
    else if (seenShort) {
      throw invalidRequest(
        `${blocks[point.index]!.path}.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block.`
      )
    }
  }
  return points
}

/** Lookback position of each block: a run of tool_use (or tool_result) blocks is one position. */
function positionsOf(blocks: readonly CanonicalBlock[]): number[] {
  const positions: number[] = []
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1]
    const sameRun =
      previous !== undefined && block.runKind !== undefined && block.runKind === previous.runKind
    positions.push(index === 0 ? 0 : positions[index - 1]! + (sameRun ? 0 : 1))
  })
  return positions
}

/**
 * Prompt-cache simulator: cumulative hash chain over the rendered
 * blocks, writes only at breakpoints, 20-position lookback to prior writes, TTL with refresh on
 * read, visibility from response start, and usage split into read / 1h write / 5m write / input.
 */
export class CacheSimulator {
  private readonly entries = new Map<string, Entry>()

  constructor(readonly options: CacheOptions) {}

  /** Validates the request's markers (400 on violations) and computes its usage at time `now`. */
  plan(body: JsonObject, apiKey: string, now: number): CachePlan {
    const blocks = canonicalBlocks(body, this.options)
    const points = breakpointsOf(blocks, body)
    const cum: number[] = []
    blocks.forEach((block, index) => cum.push((cum[index - 1] ?? 0) + block.tokens))
    const total = (cum[cum.length - 1] ?? 0) + this.options.tailOverhead
    const minimum = minCacheableTokens(
      String(body['model']),
      this.options.minTokens,
      this.options.defaultMinTokens
    )
    const eligible: Breakpoint[] = points
      .map((p) => ({ ...p, cum: cum[p.index]! }))
      .filter((p) => p.cum >= minimum)
    if (eligible.length === 0) return { usage: usageOf(total, 0, 0, 0), total, commit: () => undefined }
    const hashes = hashChain(blocks, body, apiKey)
    const hit = this.lookup(eligible, hashes, positionsOf(blocks), cum, now)
    const read = hit?.cum ?? 0
    const last = Math.max(eligible[eligible.length - 1]!.cum, read)
    const longAfterHit = eligible.filter((p) => p.ttl === '1h' && p.cum > read)
    const oneHourEnd = longAfterHit.length > 0 ? longAfterHit[longAfterHit.length - 1]!.cum : read
    const usage = usageOf(total - last, read, oneHourEnd - read, last - oneHourEnd)
    const commit = (responseAt: number): void => this.commit(eligible, hashes, hit, now, responseAt)
    return { usage, total, commit }
  }

  /** Tokens `count_tokens` reports: the same total as /v1/messages, without touching the store. */
  countTokens(body: JsonObject): number {
    const blocks = canonicalBlocks(body, this.options)
    breakpointsOf(blocks, body)
    return blocks.reduce((sum, block) => sum + block.tokens, 0) + this.options.tailOverhead
  }

  reset(): void {
    this.entries.clear()
  }

  get size(): number {
    return this.entries.size
  }

  private live(hash: string, now: number): Entry | undefined {
    const entry = this.entries.get(hash)
    if (entry && entry.expiresAt <= now) this.entries.delete(hash)
    return entry && entry.availableAt <= now && now < entry.expiresAt ? entry : undefined
  }

  /** The longest prior write reachable from any eligible breakpoint within its lookback window. */
  private lookup(
    points: readonly Breakpoint[],
    hashes: readonly string[],
    positions: readonly number[],
    cum: readonly number[],
    now: number
  ) {
    let best: { hash: string; cum: number; ttl: Ttl } | undefined
    for (const point of points) {
      const floor = positions[point.index]! - (LOOKBACK_POSITIONS - 1)
      for (let index = point.index; index >= 0 && positions[index]! >= floor; index--) {
        if (!this.live(hashes[index]!, now)) continue
        if (!best || cum[index]! > best.cum) best = { hash: hashes[index]!, cum: cum[index]!, ttl: point.ttl }
        break
      }
    }
    return best
  }

  private commit(
    points: readonly Breakpoint[],
    hashes: readonly string[],
    hit: { hash: string; ttl: Ttl } | undefined,
    now: number,
    responseAt: number
  ): void {
    if (hit) {
      const entry = this.entries.get(hit.hash)
      if (entry)
        this.store(hit.hash, {
          ...entry,
          ttlMs: Math.max(entry.ttlMs, TTL_MS[hit.ttl]),
          expiresAt: now + Math.max(entry.ttlMs, TTL_MS[hit.ttl])
        })
    }
    for (const point of points) {
      const hash = hashes[point.index]!
      const existing = this.live(hash, now)
      const ttlMs = Math.max(existing?.ttlMs ?? 0, TTL_MS[point.ttl])
      this.store(hash, {
        ttlMs,
        expiresAt: now + ttlMs,
        availableAt: existing ? existing.availableAt : responseAt
      })
    }
  }

  /** Insert or touch (Map order doubles as LRU order) and cap the store. */
  private store(hash: string, entry: Entry): void {
    this.entries.delete(hash)
    this.entries.set(hash, entry)
    while (this.entries.size > this.options.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string)
  }
}

function usageOf(input: number, read: number, oneHour: number, fiveMinutes: number): InputUsage {
  return {
    input_tokens: input,
    cache_creation_input_tokens: oneHour + fiveMinutes,
    cache_read_input_tokens: read,
    cache_creation: { ephemeral_5m_input_tokens: fiveMinutes, ephemeral_1h_input_tokens: oneHour }
  }
}
