import type { CacheTtl, CacheTtlPolicy } from '../../../shared/contract/settings'

/**
 * The TTL of each part of the cached prefix: tools + stable tier (shared by every session of an
 * agent), and the conversation (the rest of the system prompt and the messages). The API refuses
 * a 1-hour marker after a 5-minute one, so `stable` is never the shorter of the two.
 */
export interface TtlPlan {
  readonly stable: CacheTtl
  readonly conversation: CacheTtl
  /** Why each part got its TTL, in words (absent on plans made without a policy, e.g. in tests). */
  readonly why?: TtlReasons
}

export interface TtlReasons {
  readonly stable: string
  readonly conversation: string
}

/** What the policy knows when a turn starts. */
export interface TtlEvidence {
  /** Start-to-start gaps between the user's recent turns with this agent, in ms (any order). */
  readonly gapsMs: readonly number[]
  /** Estimated tokens of the conversation cached before this turn (later system tiers + messages). */
  readonly conversationTokens: number
  /** Estimated tokens a turn adds on average (what each turn writes anew). */
  readonly turnTokens: number
}

export const FIVE_MINUTES_MS = 5 * 60_000
export const ONE_HOUR_MS = 60 * 60_000
/** Fewer observed gaps than this and `auto` keeps the cheaper 5-minute writes. */
export const MIN_OBSERVED_GAPS = 3

/** Price of a cache write beyond a read, in base-input units: what a miss costs more than a hit. */
const MISS_5M = 1.25 - 0.1
const MISS_1H = 2 - 0.1
/** What a 1-hour write costs more than a 5-minute one. */
const LONG_WRITE_EXTRA = 2 - 1.25

interface GapShares {
  readonly count: number
  /** Share of gaps a 5-minute entry would not survive but a 1-hour one would. */
  readonly pause: number
  /** Share of gaps no entry survives. */
  readonly away: number
}

function shares(gapsMs: readonly number[]): GapShares {
  const count = gapsMs.length
  if (count === 0) return { count, pause: 0, away: 0 }
  const pause = gapsMs.filter((gap) => gap >= FIVE_MINUTES_MS && gap < ONE_HOUR_MS).length / count
  const away = gapsMs.filter((gap) => gap >= ONE_HOUR_MS).length / count
  return { count, pause, away }
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`
}

/**
 * Expected extra cost per turn of keeping `prefix` tokens on 1h rather than 5m, when each turn
 * also writes `fresh` new tokens: the 1h write costs more on what is fresh and on a re-write after
 * a long absence, and saves the re-write after every pause between 5 minutes and an hour.
 */
function longerCostsMore(gaps: GapShares, prefix: number, fresh: number): number {
  return LONG_WRITE_EXTRA * fresh + gaps.away * (MISS_1H - MISS_5M) * prefix - gaps.pause * MISS_5M * prefix
}

/**
 * Chooses the TTLs of a turn's breakpoints, with the reason for each. Explicit `5m` / `1h` settings are used as they are.
 * `auto` follows the user's rhythm: tools + stable tier go on 1h when the observed pauses between
 * turns (5–60 min, which a 5-minute entry does not survive) make the dearer write pay on average;
 * the conversation goes on 1h too once it is big enough that re-writing it after such a pause
 * costs more than writing each new turn at the 1-hour price. Otherwise 5m, which is strictly
 * cheaper when turns come quickly.
 */
export function chooseTtl(
  policy: CacheTtlPolicy,
  evidence: TtlEvidence
): TtlPlan & { readonly why: TtlReasons } {
  if (policy !== 'auto') {
    const why = `set to ${policy} in Settings`
    return { stable: policy, conversation: policy, why: { stable: why, conversation: why } }
  }
  const gaps = shares(evidence.gapsMs)
  if (gaps.count < MIN_OBSERVED_GAPS) {
    const why = `auto: only ${gaps.count} gap(s) between turns seen so far, so 5m (cheapest while turns come quickly)`
    return { stable: '5m', conversation: '5m', why: { stable: why, conversation: why } }
  }
  const seen = `${percent(gaps.pause)} of the last ${gaps.count} gaps between turns were 5–60 min, ${percent(gaps.away)} over an hour`
  const stableLong = longerCostsMore(gaps, 1, 0) < 0
  const conversationLong =
    stableLong && longerCostsMore(gaps, evidence.conversationTokens, evidence.turnTokens) < 0
  const stable = stableLong
    ? `auto: 1h — ${seen}; a 5-minute entry would be written again after each such pause`
    : `auto: 5m — ${seen}; too few pauses for the 2× write of 1h to pay`
  const conversation = conversationLong
    ? `auto: 1h — ${seen}; re-writing ≈${evidence.conversationTokens} tokens after a pause costs more than writing each turn at the 1-hour price`
    : stableLong
      ? `auto: 5m — the conversation (≈${evidence.conversationTokens} tokens) is still small next to what each turn adds at the 1-hour price`
      : stable
  return {
    stable: stableLong ? '1h' : '5m',
    conversation: conversationLong ? '1h' : '5m',
    why: { stable, conversation }
  }
}
