import type { Core } from '../core/createCore'
import type { EventListener } from '../core/events'
import type { MethodInput, MethodName, MethodOutput } from '../shared/contract'

export type OptionKind = 'string' | 'boolean'

/** What a command prints: `data` with --json (exactly one document), `text` otherwise. */
export interface CommandResult {
  /** 0 success (default), 1 the operation failed (data still says why). */
  readonly code?: 0 | 1
  readonly data: unknown
  readonly text: string
  /** Long-running commands that already printed their output (serve, mcp). */
  readonly silent?: boolean
}

export interface CommandContext {
  /** Positional arguments after the command words. */
  readonly positionals: readonly string[]
  readonly options: Readonly<Record<string, string | boolean | undefined>>
  readonly json: boolean
  readonly home: string
  readonly env: NodeJS.ProcessEnv
  /**
   * Calls one contract method through `dispatch`, exactly as the app's UI does: the same input
   * schemas, the same handlers. A refusal throws a `HearthError` with the contract's code
   * (exit 1). Opens the core on first use; the runner closes it afterwards.
   */
  call<M extends MethodName>(method: M, input: CliInput<MethodInput<M>>): Promise<MethodOutput<M>>
  /** Contract events (`chat.delta`, `chat.finished`, …) while the command runs. */
  subscribe(listener: EventListener): () => void
  /**
   * The core itself, for the commands that host it (serve, mcp, bench); every other command
   * goes through `call`, which the lint checks.
   */
  core(): Core
  /** For long-running commands (serve, mcp, chat streaming): write a line to stdout now. */
  print(line: string): void
  /** Reads all of stdin (for `-` file arguments). */
  readStdin(): Promise<string>
}

/**
 * One CLI command. `words` are the command path (`['agents', 'list']`); options are declared
 * so unknown ones are usage errors (exit 2) instead of being silently ignored.
 */
export interface CliCommand {
  readonly words: readonly string[]
  readonly summary: string
  readonly usage: string
  /** A tool for Hearth's own bench and tests, not for users: it runs, but `--help` does not list it. */
  readonly hidden?: boolean
  readonly options: Readonly<Record<string, OptionKind>>
  /** Minimum and maximum positional arguments. */
  readonly positionals: readonly [min: number, max: number]
  /** How this command's core is opened (default: the 'cli' host, gated tool calls refused). */
  readonly coreOptions?: (options: CommandContext['options']) => CliCoreOptions
  /**
   * What a long-running command starts before the core is loaded (`hearth serve` listens and
   * prints its address while the core loads); `run` follows with the same `options` object.
   * Best effort: a failure here is left for `run` to meet and report.
   */
  readonly early?: (start: EarlyStart) => Promise<void>
  run(ctx: CommandContext): Promise<CommandResult>
}

/**
 * A contract input as a command line can give it: a field the contract limits to a few words
 * takes any string here, because checking it is the contract's job (`ctx.call` refuses it).
 */
export type CliInput<T> = { [K in keyof T]: WidenWords<T[K]> }
type WidenWords<V> = [V] extends [string] ? string : [V] extends [string | undefined] ? string | undefined : V

export interface CliCoreOptions {
  /** 'web' for `hearth serve` (the app's UI: platform desktop, Nexus channel desktop). */
  readonly host?: 'cli' | 'web'
  /** `hearth chat --yes`: nobody can answer a confirmation in a one-shot run, so say yes up front. */
  readonly approveGatedTools?: boolean
}

/** What a command's early start is given: no core, no home opened yet. */
export type EarlyStart = Pick<CommandContext, 'options' | 'json' | 'env' | 'print'>

/** A usage error: one line on stderr, exit 2. */
export class UsageError extends Error {}
