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

/** The session's previous call that reached the model, as the cache saw it. */
export interface PreviousCall {
  /** How long ago it started (entries live from the start of the request that wrote or read them). */
  readonly sinceMs: number
  /** The TTL its conversation markers carried. */
  readonly ttl: CacheTtl
}

/** What the policy knows when a turn starts. */
export interface TtlEvidence {
  /** Start-to-start gaps between consecutive user turns within the agent's recent sessions, in ms. */
  readonly gapsMs: readonly number[]
  /** Estimated tokens of everything cached before this turn (tools, system prompt, history). */
  readonly prefixTokens: number
  /** Estimated tokens a turn adds (what each turn writes anew). */
  readonly turnTokens: number
  /** The session's previous answered call; null on a session's first call. */
  readonly previousCall: PreviousCall | null
}

export const FIVE_MINUTES_MS = 5 * 60_000
export const ONE_HOUR_MS = 60 * 60_000
export const TTL_MS: Readonly<Record<CacheTtl, number>> = { '5m': FIVE_MINUTES_MS, '1h': ONE_HOUR_MS }

/**
 * Until the user's own rhythm is known, `auto` assumes one gap in four is a pause of 5–60
 * minutes (a coffee, a meeting); every observed gap outweighs this guess a little more.
 */
export const PRIOR_GAPS = 4
export const PRIOR_PAUSES = 1

/** A pause costs a 5-minute entry a re-write instead of a read, in base-input units per token. */
const REWRITE_AFTER_PAUSE = 1.25 - 0.1
/** What a 1-hour write costs more than a 5-minute one, per token written. */
const LONG_WRITE_EXTRA = 2 - 1.25

/** Share of the next gaps expected to be pauses (5–60 min): observed pauses plus the prior guess. */
export function pauseShare(gapsMs: readonly number[]): number {
  const pauses = gapsMs.filter((gap) => gap >= FIVE_MINUTES_MS && gap < ONE_HOUR_MS).length
  return (pauses + PRIOR_PAUSES) / (gapsMs.length + PRIOR_GAPS)
}

/** Whether the conversation cached by the previous call is still alive now. */
export function isWarm(previous: PreviousCall | null): previous is PreviousCall {
  return previous !== null && previous.sinceMs < TTL_MS[previous.ttl]
}

function duration(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`
  if (ms < ONE_HOUR_MS) return `${Math.round(ms / 60_000)} min`
  return `${(ms / ONE_HOUR_MS).toFixed(1)} h`
}

function rhythm(gapsMs: readonly number[], share: number): string {
  const expected = `≈${Math.round(share * 100)}% of next gaps are expected to be pauses`
  if (gapsMs.length === 0) return `no gaps between turns seen yet, so ${expected}`
  const pauses = gapsMs.filter((gap) => gap >= FIVE_MINUTES_MS && gap < ONE_HOUR_MS).length
  const seen =
    gapsMs.length === 1
      ? `the one gap between turns so far ${pauses === 1 ? 'was' : 'was not'} 5–60 min`
      : `${pauses} of the last ${gapsMs.length} gaps between turns were 5–60 min`
  return `${seen}, so ${expected}`
}

/** Why nothing of the conversation can be read on this call. */
function coldReason(previous: PreviousCall | null): string {
  if (previous === null) return 'the conversation is new'
  return `the last call was ${duration(previous.sinceMs)} ago, longer than its ${previous.ttl} entries live`
}

/**
 * Chooses the TTLs of a turn's breakpoints, with the reason for each. Explicit `5m` / `1h`
 * settings are used as they are. `auto` weighs, for what this call writes, the dearer 1-hour
 * write against the re-write a pause of 5–60 minutes forces on a 5-minute entry:
 * - while the previous call's entries are alive, the call writes only the new turn, so 1h costs
 *   little more and keeps the whole conversation through a pause — it pays as soon as pauses are
 *   plausible and the conversation is big next to a turn;
 * - when nothing is alive (a new conversation, or back after the entries expired) the call writes
 *   everything again, where 1h would cost 0.75× the whole prefix up front: it writes at 5m, and
 *   the next turn moves the conversation to 1h paying the dearer price only on its own tokens.
 * Tools + stable tier take the conversation's TTL: they are its first part, so they live as long.
 */
export function chooseTtl(
  policy: CacheTtlPolicy,
  evidence: TtlEvidence
): TtlPlan & { readonly why: TtlReasons } {
  if (policy !== 'auto') {
    const why = `set to ${policy} in Settings`
    return { stable: policy, conversation: policy, why: { stable: why, conversation: why } }
  }
  const share = pauseShare(evidence.gapsMs)
  const warm = isWarm(evidence.previousCall)
  const cached = evidence.prefixTokens + evidence.turnTokens
  const written = warm ? evidence.turnTokens : cached
  const long = share * REWRITE_AFTER_PAUSE * cached > LONG_WRITE_EXTRA * written
  const seen = rhythm(evidence.gapsMs, share)
  const conversation = long
    ? warm
      ? `auto: 1h — ${seen}; writing this turn's ≈${evidence.turnTokens} tokens at the 1-hour price costs less than re-writing ≈${cached} after a pause`
      : `auto: 1h — ${coldReason(evidence.previousCall)}, and ${seen}: most gaps outlive a 5-minute entry`
    : warm
      ? `auto: 5m — ${seen}; too few pauses for ≈${cached} tokens to be worth this turn's 1-hour price`
      : `auto: 5m — ${coldReason(evidence.previousCall)}, so it is written again at the cheaper price; the next turn moves it to 1h if pauses make that pay`
  const ttl: CacheTtl = long ? '1h' : '5m'
  const stable = `auto: ${ttl}, like the conversation after it (tools and the stable tier are its first part)`
  return { stable: ttl, conversation: ttl, why: { stable, conversation } }
}
