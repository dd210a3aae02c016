import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { LOG_LEVELS, type LogFields, type Logger, type LogLevel } from '../../ports/logger'
import { redactSecrets } from './redact'

export interface FileLoggerOptions {
  /** `<home>/logs/hearth.log`; rotated files sit beside it as hearth.log.1, .2, … */
  readonly path: string
  readonly level: LogLevel
  /** A file past this size is rotated before the next line (default 1 MB). */
  readonly maxBytes?: number
  /** Rotated files kept (default 3); older ones are deleted. */
  readonly keep?: number
  /** Exact secret values to blank out (the API key from the environment, the serve token). */
  readonly secrets?: () => readonly (string | undefined)[]
  readonly now?: () => number
}

const MAX_STACK_LINES = 12

/**
 * The core's log: one line per event, appended to a file under the home, rotated by size.
 * The app, the CLI and MCP clients may write it at once; each line is one small append, so
 * lines never interleave. Writing never throws: a log that cannot be written is not worth
 * failing the work it describes.
 */
export class FileLogger implements Logger {
  private readonly threshold: number

  constructor(
    private readonly options: FileLoggerOptions,
    private readonly scope = 'core'
  ) {
    this.threshold = LOG_LEVELS.indexOf(options.level)
  }

  debug(message: string, fields?: LogFields): void {
    this.write('debug', message, fields)
  }

  info(message: string, fields?: LogFields): void {
    this.write('info', message, fields)
  }

  warn(message: string, fields?: LogFields): void {
    this.write('warn', message, fields)
  }

  error(message: string, fields?: LogFields): void {
    this.write('error', message, fields)
  }

  child(scope: string): Logger {
    return new FileLogger(this.options, scope)
  }

  private write(level: LogLevel, message: string, fields: LogFields | undefined): void {
    if (LOG_LEVELS.indexOf(level) < this.threshold) return
    const when = new Date(this.options.now?.() ?? Date.now()).toISOString()
    const extra = fields && Object.keys(fields).length > 0 ? ` ${stringifyFields(fields)}` : ''
    const known = (this.options.secrets?.() ?? []).filter(
      (secret): secret is string => typeof secret === 'string'
    )
    const line = redactSecrets(
      `${when} ${level.toUpperCase().padEnd(5)} [${this.scope}] pid=${process.pid} ${message}${extra}`,
      known
    )
    try {
      mkdirSync(dirname(this.options.path), { recursive: true, mode: 0o700 })
      this.rotateIfFull()
      appendFileSync(this.options.path, `${line.replace(/\r?\n/g, '\\n')}\n`, { mode: 0o600 })
    } catch {
      // A read-only or full disk: the log is the one thing allowed to fail silently, since
      // there is nowhere left to report it and the work it describes must go on.
    }
  }

  private rotateIfFull(): void {
    const { path } = this.options
    const size = statSize(path)
    if (size < (this.options.maxBytes ?? 1024 * 1024)) return
    const keep = this.options.keep ?? 3
    rmSync(`${path}.${keep}`, { force: true })
    for (let index = keep - 1; index >= 1; index--)
      renameIfPresent(`${path}.${index}`, `${path}.${index + 1}`)
    renameIfPresent(path, `${path}.1`)
  }
}

/** Parses HEARTH_LOG_LEVEL; anything else means the default, `info`. */
export function logLevelFrom(value: string | undefined): LogLevel {
  const wanted = value?.trim().toLowerCase()
  return (LOG_LEVELS as readonly string[]).includes(wanted ?? '') ? (wanted as LogLevel) : 'info'
}

function stringifyFields(fields: LogFields): string {
  try {
    return JSON.stringify(
      Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [
          key,
          value instanceof Error ? describeError(value) : value
        ])
      )
    )
  } catch (error) {
    return `(fields not serialisable: ${error instanceof Error ? error.message : String(error)})`
  }
}

function describeError(error: Error): Record<string, unknown> {
  const code = (error as NodeJS.ErrnoException).code
  const stack = error.stack
    ?.split('\n')
    .slice(1, MAX_STACK_LINES)
    .map((line) => line.trim())
  return { name: error.name, message: error.message, ...(code ? { code } : {}), ...(stack ? { stack } : {}) }
}

function statSize(path: string): number {
  try {
    return statSync(path).size
  } catch {
    return 0 // no log yet
  }
}

function renameIfPresent(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    // Another process rotated first, or there was nothing to move: either way the slot is free.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
