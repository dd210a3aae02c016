import { canonicalBlocks } from '../../tests/fakeAnthropic/canonical'
import type { CacheOptions, RecordedRequest } from '../../tests/fakeAnthropic'
import { idealUnitsPerRequest, type PrefixChain } from './dayOracle'
import type { DayTurn } from './dayPlan'

/** One model call of the day, as paid under Hearth's layout and as the ideal oracle would pay it. */
export interface ExplainRow {
  readonly call: number
  readonly turn: number
  readonly agent: number
  readonly session: number
  readonly kind: DayTurn['kind'] | 'compress'
  /** Start-to-start gap since the same agent's previous call, ms (null on its first). */
  readonly agentGapMs: number | null
  /** Each breakpoint as `where:ttl@tokens` (`S1:1h@3100` = system block 1, `M7:5m` = message 7). */
  readonly markers: readonly string[]
  readonly write5m: number
  readonly write1h: number
  readonly read: number
  readonly input: number
  readonly units: number
  readonly idealUnits: number
}

export function callUnits(usage: NonNullable<RecordedRequest['usage']>): number {
  return (
    usage.input_tokens +
    1.25 * usage.cache_creation.ephemeral_5m_input_tokens +
    2 * usage.cache_creation.ephemeral_1h_input_tokens +
    0.1 * usage.cache_read_input_tokens
  )
}

/** Each breakpoint as `where:ttl@tokens`, tokens counting the whole prefix up to it. */
function markersOf(body: Record<string, unknown>, options: CacheOptions): string[] {
  let cum = 0
  return canonicalBlocks(body, options).flatMap((block) => {
    cum += block.tokens
    if (!block.ttl) return []
    const [segment, index] = block.path.split('.')
    return [`${(segment ?? '?').charAt(0).toUpperCase()}${index ?? ''}:${block.ttl}@${cum}`]
  })
}

/** Token sizes of one request's parts: tools, each system block, the messages. */
export function partSizes(body: Record<string, unknown>, options: CacheOptions): string {
  const blocks = canonicalBlocks(body, options)
  const sum = (segment: string): number =>
    blocks.filter((b) => b.segment === segment).reduce((total, b) => total + b.tokens, 0)
  const system = blocks.filter((b) => b.segment === 'system').map((b) => b.tokens)
  return `tools ${sum('tools')} tokens, system blocks ${system.join(' + ') || 'none'}, messages ${sum('messages')}`
}

/**
 * Per-call rows of one replayed day. `turnOfCall[i]` is the plan index of the turn that made the
 * i-th accounted call; `chains` are the same calls as the oracle sees them.
 */
export function explainDay(
  requests: readonly RecordedRequest[],
  turnOfCall: readonly number[],
  plan: readonly DayTurn[],
  chains: readonly PrefixChain[],
  options: CacheOptions
): ExplainRow[] {
  const accounted = requests.filter((r) => r.path === '/v1/messages' && r.usage)
  const ideal = idealUnitsPerRequest(chains)
  const lastAt = new Map<number, number>()
  return accounted.map((request, call) => {
    const turnIndex = turnOfCall[call] ?? -1
    const turn = plan[turnIndex] as DayTurn
    const usage = request.usage as NonNullable<RecordedRequest['usage']>
    const previous = lastAt.get(turn.agent)
    lastAt.set(turn.agent, request.at)
    const isSummary = turn.compress && !JSON.stringify(request.body ?? {}).includes('"tools"')
    return {
      call,
      turn: turnIndex,
      agent: turn.agent,
      session: turn.session,
      kind: isSummary ? 'compress' : turn.kind,
      agentGapMs: previous === undefined ? null : request.at - previous,
      markers: markersOf(request.body as Record<string, unknown>, options),
      write5m: usage.cache_creation.ephemeral_5m_input_tokens,
      write1h: usage.cache_creation.ephemeral_1h_input_tokens,
      read: usage.cache_read_input_tokens,
      input: usage.input_tokens,
      units: callUnits(usage),
      idealUnits: ideal[call] ?? 0
    }
  })
}

function gapText(ms: number | null): string {
  if (ms === null) return '—'
  if (ms < 60_000) return `${Math.round(ms / 1000)}s`
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)}m`
  return `${(ms / 3_600_000).toFixed(2)}h`
}

/** The rows as an aligned text table, with a total line, for `hearth bench --explain`. */
export function explainTable(layout: string, rows: readonly ExplainRow[]): string[] {
  const pad = (value: string | number, width: number): string => String(value).padStart(width)
  const header = `${layout}: call turn agent sess kind      gap    markers                                        w5m    w1h   read  input    units    ideal   excess`
  const lines = rows.map(
    (r) =>
      `${pad(r.call, layout.length + 6)} ${pad(r.turn, 4)} ${pad(r.agent, 5)} ${pad(r.session, 4)} ${r.kind.padEnd(9)} ${pad(gapText(r.agentGapMs), 6)}    ${r.markers.join(' ').padEnd(44)} ${pad(r.write5m, 6)} ${pad(r.write1h, 6)} ${pad(r.read, 6)} ${pad(r.input, 6)} ${pad(Math.round(r.units), 8)} ${pad(Math.round(r.idealUnits), 8)} ${pad(Math.round(r.units - r.idealUnits), 8)}`
  )
  const sum = (pick: (r: ExplainRow) => number): number => rows.reduce((s, r) => s + pick(r), 0)
  const units = sum((r) => r.units)
  const ideal = sum((r) => r.idealUnits)
  lines.push(
    `${layout}: total ${Math.round(units)} units, ideal ${Math.round(ideal)}, excess ${Math.round(units - ideal)} (w5m ${sum((r) => r.write5m)}, w1h ${sum((r) => r.write1h)}, read ${sum((r) => r.read)}, input ${sum((r) => r.input)})`
  )
  return [header, ...lines]
}
