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
    const body = request.body
    if (body === undefined)
      throw new Error(`request ${request.index} was accounted but its body was not recorded`)
    const blocks = canonicalBlocks(body, options)
    return [
      {
        at: request.at,
        hashes: hashChain(blocks, body, apiKey),
        tokens: blocks.map((b) => b.tokens),
        tail: options.tailOverhead,
        read: request.usage.cache_read_input_tokens
      }
    ]
  })
}

type PayState = 'none' | 'short' | 'long'
const PAY_STATES: readonly PayState[] = ['none', 'short', 'long']
/** Paying for a use from scratch: plain input, a 5-minute write or a 1-hour write. */
const FRESH: Readonly<Record<PayState, number>> = { none: 1, short: 1.25, long: 2 }
const LIFETIME_MS: Readonly<Record<PayState, number>> = { none: 0, short: FIVE_MINUTES_MS, long: ONE_HOUR_MS }

/**
 * The cheapest way to pay for one piece of prefix used at `times` (ms, ascending), use by use: at
 * each use it is read (0.1) if an entry is alive, else paid as plain input (1), a 5-minute write
 * (1.25) or a 1-hour write (2). A read refreshes the entry. Knowing every gap in advance, this is
 * the floor; the list says what each use costs on that cheapest path.
 */
export function cheapestSchedule(times: readonly number[]): number[] {
  if (times.length === 0) return []
  const totals: Record<PayState, number>[] = [{ ...FRESH }]
  const from: Record<PayState, PayState | null>[] = [{ none: null, short: null, long: null }]
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i] as number) - (times[i - 1] as number)
    const before = totals[i - 1] as Record<PayState, number>
    const best = PAY_STATES.reduce((a, b) => (before[b] < before[a] ? b : a))
    const total = { ...FRESH }
    const back: Record<PayState, PayState | null> = { none: best, short: best, long: best }
    for (const state of PAY_STATES) {
      const read = state !== 'none' && gap < LIFETIME_MS[state] ? before[state] + 0.1 : Infinity
      const fresh = before[best] + FRESH[state]
      total[state] = Math.min(read, fresh)
      if (read <= fresh) back[state] = state
    }
    totals.push(total)
    from.push(back)
  }
  const last = totals.at(-1) as Record<PayState, number>
  let state: PayState | null = PAY_STATES.reduce((a, b) => (last[b] < last[a] ? b : a))
  const costs: number[] = []
  for (let i = times.length - 1; i >= 0 && state !== null; i--) {
    const previous: PayState | null = (from[i] as Record<PayState, PayState | null>)[state]
    const here = (totals[i] as Record<PayState, number>)[state]
    costs.unshift(previous === null ? here : here - (totals[i - 1] as Record<PayState, number>)[previous])
    state = previous
  }
  return costs
}

export function cheapestUnits(times: readonly number[]): number {
  return cheapestSchedule(times).reduce((sum, cost) => sum + cost, 0)
}

/**
 * What the ideal pays for each request: its uncached tail, plus what the cheapest schedule of
 * each of its prefix blocks (a block = the hash of everything up to it) charges at this use. An
 * oracle that sees every request in advance, ignoring breakpoint limits and lookback.
 */
export function idealUnitsPerRequest(chains: readonly PrefixChain[]): number[] {
  const uses = new Map<string, { tokens: number; times: number[]; requests: number[] }>()
  chains.forEach((chain, request) => {
    chain.hashes.forEach((hash, i) => {
      const seen = uses.get(hash) ?? { tokens: chain.tokens[i] as number, times: [], requests: [] }
      if (seen.times.at(-1) !== chain.at) {
        seen.times.push(chain.at)
        seen.requests.push(request)
      }
      uses.set(hash, seen)
    })
  })
  const perRequest = chains.map((chain) => chain.tail)
  for (const { tokens, times, requests } of uses.values()) {
    cheapestSchedule(times).forEach((cost, use) => {
      const request = requests[use] as number
      perRequest[request] = (perRequest[request] as number) + tokens * cost
    })
  }
  return perRequest
}

/** Cost units of the ideal over every request (see idealUnitsPerRequest). */
export function idealCostUnits(chains: readonly PrefixChain[]): number {
  return idealUnitsPerRequest(chains).reduce((sum, units) => sum + units, 0)
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
