import { canonicalBlocks, hashChain } from '../../tests/fakeAnthropic/canonical'
import type { CacheOptions, RecordedRequest } from '../../tests/fakeAnthropic'

const FIVE_MINUTES_MS = 5 * 60_000
const ONE_HOUR_MS = 60 * 60_000

/** One accounted request seen as the cache sees it: block hashes (whole prefix) and their sizes. */
export interface PrefixChain {
  readonly at: number
  readonly hashes: readonly string[]
  readonly tokens: readonly number[]
  readonly tail: number
  readonly read: number
}

/** The requests the fake accounted, in order, as prefix chains (rejected requests are left out). */
export function prefixChains(
  requests: readonly RecordedRequest[],
  options: CacheOptions,
  apiKey: string
): PrefixChain[] {
  return requests.flatMap((request) => {
    if (request.path !== '/v1/messages' || !request.usage) return []
    const blocks = canonicalBlocks(request.body, options)
    return [
      {
        at: request.at,
        hashes: hashChain(blocks, request.body, apiKey),
        tokens: blocks.map((b) => b.tokens),
        tail: options.tailOverhead,
        read: request.usage.cache_read_input_tokens
      }
    ]
  })
}

/**
 * The cheapest way to pay for one piece of prefix used at `times` (ms, ascending): at each use
 * it is read (0.1) if an entry is alive, else paid as plain input (1), a 5-minute write (1.25) or
 * a 1-hour write (2). A read refreshes the entry. Knowing every gap in advance, this is the floor.
 */
export function cheapestUnits(times: readonly number[]): number {
  let none = 1
  let short = 1.25
  let long = 2
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number)
    const best = Math.min(none, short, long)
    const nextShort = Math.min(gap < FIVE_MINUTES_MS ? short + 0.1 : Infinity, best + 1.25)
    const nextLong = Math.min(gap < ONE_HOUR_MS ? long + 0.1 : Infinity, best + 2)
    none = best + 1
    short = nextShort
    long = nextLong
  }
  return Math.min(none, short, long)
}

/**
 * Cost units of the ideal: an oracle that sees every request in advance and pays each piece of
 * prefix (a block, identified by the hash of everything up to it) at the cheapest TTL that lasts
 * until its last read — ignoring breakpoint limits and lookback. The tail is always plain input.
 */
export function idealCostUnits(chains: readonly PrefixChain[]): number {
  const uses = new Map<string, { tokens: number; times: number[] }>()
  let tail = 0
  for (const chain of chains) {
    tail += chain.tail
    chain.hashes.forEach((hash, i) => {
      const seen = uses.get(hash) ?? { tokens: chain.tokens[i] as number, times: [] }
      if (seen.times.at(-1) !== chain.at) seen.times.push(chain.at)
      uses.set(hash, seen)
    })
  }
  let units = tail
  for (const { tokens, times } of uses.values()) units += tokens * cheapestUnits(times)
  return units
}

/**
 * Σ read ÷ Σ readable prefix: for each request, the readable prefix is the longest run of blocks
 * identical to a prefix some earlier request sent (what a perfect cache could have served).
 */
export function cacheEfficiency(chains: readonly PrefixChain[]): number {
  const seen = new Set<string>()
  let readable = 0
  let read = 0
  for (const chain of chains) {
    let cum = 0
    let best = 0
    chain.hashes.forEach((hash, i) => {
      cum += chain.tokens[i] as number
      if (seen.has(hash)) best = cum
    })
    readable += best
    read += Math.min(chain.read, best)
    for (const hash of chain.hashes) seen.add(hash)
  }
  return readable === 0 ? 1 : read / readable
}
