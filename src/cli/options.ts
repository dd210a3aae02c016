import { HearthError } from '../core/errors'
import { UsageError, type CommandContext } from './command'

/*
 * Turning command-line strings into the types a contract method takes. Only the conversion
 * lives here (a word where a number belongs is a usage error, exit 2); whether a value is
 * allowed is for the contract's schemas to say, through `ctx.call`.
 */

/** A string option's value, or undefined when it is absent. */
export function stringOption(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.options[name]
  return typeof value === 'string' ? value : undefined
}

/** A string option that must be there. */
export function requiredOption(ctx: CommandContext, name: string, usage: string): string {
  const value = stringOption(ctx, name)
  if (value === undefined) throw new UsageError(`missing --${name}. Usage: ${usage}`)
  return value
}

/** A whole-number option (`--limit 20`); the range is the contract's to check. */
export function integerOption(ctx: CommandContext, name: string): number | undefined {
  const value = stringOption(ctx, name)
  return value === undefined
    ? undefined
    : toInteger(value, `--${name} must be a whole number, got "${value}"`)
}

/** `--refs 3,7` → [3, 7]. */
export function integerListOption(ctx: CommandContext, name: string, example: string): number[] | undefined {
  const value = stringOption(ctx, name)
  if (value === undefined) return undefined
  return value
    .split(',')
    .map((part) =>
      toInteger(
        part.trim(),
        `--${name} takes whole numbers separated by commas, e.g. ${example}; got "${value}"`
      )
    )
}

/** An option limited to a few words (the contract's enum), with a hint saying what each means. */
export function choiceOption<T extends string>(
  ctx: CommandContext,
  name: string,
  choices: readonly T[],
  hint: string
): T | undefined {
  const value = stringOption(ctx, name)
  if (value === undefined) return undefined
  if (!(choices as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be ${hint} (got "${value}")`)
  return value as T
}

/** A positional argument that must be a whole number (a fact id). */
export function integerArgument(raw: string, what: string): number {
  return toInteger(raw, `"${raw}" is not ${what}`)
}

function toInteger(text: string, message: string): number {
  const number = /^-?\d+$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(number)) throw new UsageError(message)
  return number
}

/** `--agent`, else the first agent (the CLI's usual default), else a clear "create one" error. */
export async function agentOrFirst(ctx: CommandContext): Promise<string> {
  const explicit = stringOption(ctx, 'agent')
  if (explicit !== undefined && explicit.trim() !== '') return explicit
  const [first] = await ctx.call('agents.list', {})
  if (!first)
    throw new HearthError(
      'not_found',
      'No agents yet. Create one with `hearth agents create NAME`, or pass --agent ID.'
    )
  return first.id
}
