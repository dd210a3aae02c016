/** One row of `hearth bench --json` (docs/cli.md). */
export interface BenchFigure {
  readonly name: string
  readonly value: number
  readonly unit: string
  /** null for a reference row: a figure shown for information, with nothing Hearth must reach. */
  readonly goal: number | null
  readonly better: 'lower' | 'higher'
  /** Always true for a reference row: it cannot miss. */
  readonly met: boolean
}

export interface BenchContext {
  /** `--quick`: the whole bench must finish within ~60 s. */
  readonly quick: boolean
  /** `--explain`: suites that can say where their figures come from print it (per call, stderr). */
  readonly explain?: boolean
  /** A fresh temporary folder this suite may use (it is deleted afterwards). */
  readonly tmpDir: string
  /** Path to bin/hearth.js, for suites that spawn CLI processes. */
  readonly cliPath: string
  /** Progress lines for the human (stderr). */
  readonly log: (line: string) => void
}

/** A feature's benchmark suite: `src/bench/<feature>Bench.ts` exports one of these. */
export interface BenchSuite {
  readonly name: string
  run(ctx: BenchContext): Promise<BenchFigure[]>
}

export function figure(
  name: string,
  value: number,
  unit: string,
  goal: number,
  better: 'lower' | 'higher'
): BenchFigure {
  const rounded = Math.round(value * 1000) / 1000
  return { name, value: rounded, unit, goal, better, met: better === 'lower' ? value <= goal : value >= goal }
}

/**
 * A reference row: a baseline or a measurement reported for information (what an oracle would pay,
 * a layout Hearth does not use, a throughput with no target). Giving it a goal equal to itself made
 * a row that could only fail on float noise.
 */
export function reference(
  name: string,
  value: number,
  unit: string,
  better: 'lower' | 'higher'
): BenchFigure {
  return { name, value: Math.round(value * 1000) / 1000, unit, goal: null, better, met: true }
}

/** p-th percentile (0–100) of a list of samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}
