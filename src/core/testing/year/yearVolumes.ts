/**
 * The volumes of a generated year in one home, and the seeded random source every part of it
 * draws from: the same seed and scale give the same home, row for row.
 */
export interface YearVolumes {
  readonly agents: number
  readonly sessions: number
  readonly messages: number
  /** The longest chat's stored messages (opening it is measured). */
  readonly longestChat: number
  readonly calls: number
  readonly facts: number
  readonly candidates: number
  readonly memoryFiles: number
  readonly nexusEntries: number
  readonly nexusAuthors: number
  readonly skills: number
  readonly stateVersions: number
}

/** A year at scale 1: what a person who lives with six agents has after twelve months. */
export const FULL_YEAR: YearVolumes = {
  agents: 6,
  sessions: 2_500,
  messages: 250_000,
  longestChat: 5_000,
  calls: 40_000,
  facts: 60_000,
  candidates: 5_000,
  memoryFiles: 300,
  nexusEntries: 200_000,
  nexusAuthors: 8,
  skills: 400,
  stateVersions: 500
}

/** The year scaled (tests use 0.01–0.1); agents and authors stay whole, every count stays ≥ 1. */
export function scaledYear(scale: number): YearVolumes {
  if (!(scale > 0 && scale <= 1)) throw new Error(`A year's scale is in (0, 1]; got ${scale}.`)
  const of = (n: number, min = 1): number => Math.max(min, Math.round(n * scale))
  const sessions = of(FULL_YEAR.sessions, 2)
  const messages = 2 * of(FULL_YEAR.messages / 2, sessions + 10)
  // The longest chat stays well above the average one, so the other chats can hold the rest.
  const longestChat = 2 * Math.max(of(FULL_YEAR.longestChat / 2), Math.ceil(messages / sessions))
  return {
    agents: FULL_YEAR.agents,
    sessions,
    messages,
    longestChat,
    calls: of(FULL_YEAR.calls),
    facts: of(FULL_YEAR.facts),
    candidates: of(FULL_YEAR.candidates),
    memoryFiles: of(FULL_YEAR.memoryFiles, FULL_YEAR.agents),
    nexusEntries: of(FULL_YEAR.nexusEntries),
    nexusAuthors: FULL_YEAR.nexusAuthors,
    skills: of(FULL_YEAR.skills),
    stateVersions: of(FULL_YEAR.stateVersions, 2)
  }
}

/** A small seeded generator (mulberry32): deterministic across runs and machines. */
export class YearRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(below: number): number {
    return Math.floor(this.next() * below)
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  /**
   * Log-normal around `median` (chat message lengths are heavy-tailed: most are short, a few
   * are very long), cut to [min, max].
   */
  logNormal(median: number, sigma: number, min: number, max: number): number {
    const u = Math.max(1e-12, this.next())
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
    return Math.min(max, Math.max(min, Math.round(median * Math.exp(sigma * normal))))
  }
}
