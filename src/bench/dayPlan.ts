/** One turn of the simulated day: who, after how long, and what happens in it. */
export interface DayTurn {
  readonly session: number
  readonly agent: number
  /** Start-to-start gap before this turn, in ms (the first turn of the day: 0). */
  readonly gapMs: number
  readonly kind: 'plain' | 'memory' | 'tool' | 'nexus'
  /** This turn's history is compressed first (one in the day). */
  readonly compress: boolean
}

export const DAY_AGENTS = ['Atlas', 'Quill', 'Juno'] as const
/** Six sessions over three agents, 80 turns in all; sessions 3 and 6 run in project folders. */
export const DAY_SESSIONS: readonly {
  readonly agent: number
  readonly turns: number
  readonly project: string | null
}[] = [
  { agent: 0, turns: 18, project: null },
  { agent: 1, turns: 12, project: null },
  { agent: 0, turns: 15, project: 'trip' },
  { agent: 2, turns: 10, project: null },
  { agent: 1, turns: 14, project: null },
  { agent: 0, turns: 11, project: 'notes' }
]

const SECOND = 1000
const MINUTE = 60 * SECOND

/** A small deterministic generator so every run replays the same day. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

const between = (next: () => number, low: number, high: number): number =>
  Math.round(low + (high - low) * next())

/** A human pause between two turns: mostly under 2 minutes, some 5–30 minutes, a few over an hour. */
export function humanGap(next: () => number): number {
  const draw = next()
  if (draw < 0.7) return between(next, 8 * SECOND, 2 * MINUTE)
  if (draw < 0.8) return between(next, 2 * MINUTE, 5 * MINUTE)
  if (draw < 0.95) return between(next, 5 * MINUTE, 30 * MINUTE)
  return between(next, 60 * MINUTE, 150 * MINUTE)
}

/** The seeded day: 80 turns, every gap drawn, memory writes, tool turns, Nexus news, one compression. */
export function planDay(seed: number): DayTurn[] {
  const next = seeded(seed)
  const turns: DayTurn[] = []
  DAY_SESSIONS.forEach((session, index) => {
    for (let turn = 0; turn < session.turns; turn++) {
      const gapMs =
        turns.length === 0 ? 0 : turn === 0 ? between(next, 3 * MINUTE, 40 * MINUTE) : humanGap(next)
      const draw = next()
      const compress = index === 2 && turn === 12
      const kind =
        turn === 0 || compress
          ? 'plain'
          : draw < 0.12
            ? 'memory'
            : draw < 0.24
              ? 'tool'
              : draw < 0.34
                ? 'nexus'
                : 'plain'
      turns.push({ session: index, agent: session.agent, gapMs, kind, compress })
    }
  })
  return turns
}
