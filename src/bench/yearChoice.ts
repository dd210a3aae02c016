import { invalidInput } from '../core/errors'
import type { BenchSuite } from './benchTypes'
import { yearBench } from './yearBench'

/** Parses a number option; a value that is not one is refused with what was given. */
function numberOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback
  const parsed = Number(value)
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(parsed))
    throw invalidInput(`--${name} takes a number; got "${String(value)}".`)
  return parsed
}

/** `--year [--seed N] [--scale X]` as the year suite, or undefined when the year was not asked for. */
export function yearChoice(options: Readonly<Record<string, unknown>>): BenchSuite | undefined {
  if (options.year !== true) {
    if (options.seed !== undefined || options.scale !== undefined)
      throw invalidInput('--seed and --scale go with --year: hearth bench --year [--seed N] [--scale X].')
    return undefined
  }
  const seed = numberOption(options.seed, 'seed', 1)
  const scale = numberOption(options.scale, 'scale', 1)
  if (!Number.isInteger(seed) || seed < 0) throw invalidInput(`--seed takes a whole number ≥ 0; got ${seed}.`)
  if (!(scale > 0 && scale <= 1)) throw invalidInput(`--scale takes a number in (0, 1]; got ${scale}.`)
  return yearBench({ seed, scale })
}
