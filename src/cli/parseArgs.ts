import { UsageError, type CliCommand } from './command'

const GLOBAL_OPTIONS = { home: 'string', json: 'boolean', help: 'boolean' } as const

export interface ParsedCommandLine {
  readonly command: CliCommand
  readonly positionals: string[]
  readonly options: Record<string, string | boolean | undefined>
}

/** Finds the command with the longest matching word path, then parses its options strictly. */
export function parseCommandLine(
  argv: readonly string[],
  commands: readonly CliCommand[]
): ParsedCommandLine {
  const words = leadingWords(argv)
  const command = [...commands]
    .sort((a, b) => b.words.length - a.words.length)
    .find((candidate) => candidate.words.every((word, i) => words[i] === word))
  if (!command) {
    const attempted = words.slice(0, 2).join(' ') || '(none)'
    throw new UsageError(`unknown command: ${attempted}. Run \`hearth --help\` for the list of commands.`)
  }
  const rest = removeFirstWords(argv, command.words.length)
  const known: Record<string, string> = { ...GLOBAL_OPTIONS, ...command.options }
  const options: Record<string, string | boolean | undefined> = {}
  const positionals: string[] = []
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] as string
    if (arg === '--') {
      positionals.push(...rest.slice(i + 1))
      break
    }
    if (arg.startsWith('--')) {
      const [rawName, inline] = splitOnce(arg.slice(2), '=')
      const kind = known[rawName]
      if (!kind)
        throw new UsageError(
          `unknown option --${rawName} for \`hearth ${command.words.join(' ')}\`. Usage: ${command.usage}`
        )
      if (kind === 'boolean') {
        options[rawName] = true
        continue
      }
      const value = inline ?? rest[++i]
      if (value === undefined)
        throw new UsageError(`option --${rawName} needs a value. Usage: ${command.usage}`)
      options[rawName] = value
      continue
    }
    positionals.push(arg)
  }
  const [min, max] = command.positionals
  if (positionals.length < min)
    throw new UsageError(
      `missing argument for \`hearth ${command.words.join(' ')}\`. Usage: ${command.usage}`
    )
  if (positionals.length > max)
    throw new UsageError(`unexpected argument "${positionals[max]}". Usage: ${command.usage}`)
  return { command, positionals, options }
}

/** Global options may come before the command words (`hearth --home x agents list`). */
export function leadingWords(argv: readonly string[]): string[] {
  const words: string[] = []
  for (let i = 0; i < argv.length && words.length < 3; i++) {
    const arg = argv[i] as string
    if (arg === '--home') {
      i++
      continue
    }
    if (arg.startsWith('-')) continue
    words.push(arg)
  }
  return words
}

function removeFirstWords(argv: readonly string[], count: number): string[] {
  const result: string[] = []
  let removed = 0
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (removed < count && arg === '--home') {
      result.push(arg, argv[++i] as string)
      continue
    }
    if (removed < count && !arg.startsWith('-')) {
      removed++
      continue
    }
    result.push(arg)
  }
  return result
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator)
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)]
}
