import type { Core } from '../core/createCore'

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
   * Opens the core on first use (creating the home); closed by the runner afterwards.
   * `hearth serve` opens it as the 'web' host (the app's UI: platform desktop, Nexus channel desktop).
   */
  core(host?: 'cli' | 'web'): Core
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
  readonly options: Readonly<Record<string, OptionKind>>
  /** Minimum and maximum positional arguments. */
  readonly positionals: readonly [min: number, max: number]
  run(ctx: CommandContext): Promise<CommandResult>
}

/** A usage error: one line on stderr, exit 2. */
export class UsageError extends Error {}
