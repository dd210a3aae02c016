import { HEARTH_VERSION } from '../shared/version'
import { UsageError, type CliCommand } from './command'
import { leadingWords, parseCommandLine, type ParsedCommandLine } from './parseArgs'

/**
 * Runs one CLI invocation and returns the exit code. Never prints a stack trace for a user error.
 * The version answers before anything is loaded; help and usage errors from the command table,
 * whose modules are light; the core (the database, the model SDK, every service) is loaded only
 * when a command runs.
 */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  if (argv.length === 1 && argv[0] === '--version') {
    process.stdout.write(`${HEARTH_VERSION}\n`)
    return 0
  }
  const wantsHelp = argv.length === 0 || argv[0] === '--help' || argv[0] === 'help'
  const COMMANDS = await commandTable(argv, wantsHelp)
  if (wantsHelp) {
    process.stdout.write(helpText(COMMANDS))
    return 0
  }
  let parsed: ParsedCommandLine
  try {
    parsed = parseCommandLine(argv, COMMANDS)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`hearth: ${error.message}\n`)
      return 2
    }
    throw error
  }
  if (parsed.options.help === true) {
    process.stdout.write(`${parsed.command.usage}\n  ${parsed.command.summary}\n`)
    return 0
  }
  await parsed.command.early?.({
    options: parsed.options,
    json: parsed.options.json === true,
    env,
    print: (line) => process.stdout.write(`${line}\n`)
  })
  const { runCommand } = await import('./runCommand')
  return runCommand(parsed, env)
}

/**
 * The commands to parse this line with. The table brings zod and the contract's schemas (the
 * version needs neither); `hearth serve` is parsed with its own command alone, the only one whose
 * words start with `serve`, so its address is printed before those load and the page loads
 * while they and the core do.
 */
async function commandTable(argv: readonly string[], wantsHelp: boolean): Promise<readonly CliCommand[]> {
  if (!wantsHelp && leadingWords(argv)[0] === 'serve')
    return [(await import('./commands/serve')).serveCommand]
  return (await import('./commands')).COMMANDS
}

function helpText(commands: readonly CliCommand[]): string {
  const lines = commands
    .filter((c) => c.hidden !== true)
    .map((c) =>
      c.usage.length <= 58
        ? `  ${c.usage.padEnd(58)} ${c.summary}`
        : `  ${c.usage}\n  ${' '.repeat(58)} ${c.summary}`
    )
  return `hearth — the Hearth command line\n\nGlobal options: --home DIR (else HEARTH_HOME, else ~/.hearth), --json, --version\n\n${lines.join('\n')}\n`
}
