import { existsSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
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

/**
 * `--keep DIR`: where the year is built and left (to open with `hearth serve --home DIR`). A
 * folder that holds anything is refused: the year is written over nothing a person keeps.
 */
function keepOption(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.trim() === '') throw invalidInput('--keep takes a folder.')
  const dir = resolve(value)
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw invalidInput(`--keep ${dir}: the folder is not empty; give a new or empty folder for the year.`)
  return dir
}

/** `--reuse DIR`: a year an earlier `--keep` left, measured again without building it. */
function reuseOption(options: Readonly<Record<string, unknown>>): string | undefined {
  const value = options.reuse
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value.trim() === '') throw invalidInput('--reuse takes a folder.')
  if (options.seed !== undefined || options.scale !== undefined || options.keep !== undefined)
    throw invalidInput('--reuse measures a kept year as it was built: leave out --seed, --scale and --keep.')
  return resolve(value)
}

/**
 * `--year [--seed N] [--scale X] [--keep DIR]` or `--year --reuse DIR` as the year suite, or
 * undefined when the year was not asked for.
 */
export function yearChoice(options: Readonly<Record<string, unknown>>): BenchSuite | undefined {
  if (options.year !== true) {
    const given = ['seed', 'scale', 'keep', 'reuse'].filter((name) => options[name] !== undefined)
    if (given.length > 0)
      throw invalidInput(
        `${given.map((name) => `--${name}`).join(', ')} go${given.length === 1 ? 'es' : ''} with --year: hearth bench --year [--seed N] [--scale X] [--keep DIR | --reuse DIR].`
      )
    return undefined
  }
  const reuse = reuseOption(options)
  if (reuse !== undefined) return yearBench({ reuse })
  const seed = numberOption(options.seed, 'seed', 1)
  const scale = numberOption(options.scale, 'scale', 1)
  if (!Number.isInteger(seed) || seed < 0) throw invalidInput(`--seed takes a whole number ≥ 0; got ${seed}.`)
  if (!(scale > 0 && scale <= 1)) throw invalidInput(`--scale takes a number in (0, 1]; got ${scale}.`)
  const keep = keepOption(options.keep)
  return yearBench({ seed, scale, ...(keep !== undefined ? { keep } : {}) })
}
