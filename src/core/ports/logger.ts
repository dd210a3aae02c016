/** How much a log line matters; a logger writes its level and everything above it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error']

/** Extra facts about a line (ids, paths, counts); an `error` field is written with its message. */
export type LogFields = Readonly<Record<string, unknown>>

/**
 * Where the core reports what it handled without failing the caller: a turn-context provider
 * that threw, a mirror write that hit a full disk, a session that could not be ended on idle.
 * Lines never carry secrets (the implementation redacts keys and tokens).
 */
export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  /** The same log with a scope naming the part that writes (`nexus.mirror`, `chat.context`). */
  child(scope: string): Logger
}

/** For tests that do not look at the log, and for code paths that run before a log exists. */
export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger
}
