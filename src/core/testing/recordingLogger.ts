import type { LogFields, Logger, LogLevel } from '../ports/logger'

export interface LoggedLine {
  readonly level: LogLevel
  readonly scope: string
  readonly message: string
  readonly fields: LogFields
}

/** A Logger for tests: keeps every line in memory, children share the list. */
export class RecordingLogger implements Logger {
  constructor(
    readonly lines: LoggedLine[] = [],
    private readonly scope = 'core'
  ) {}

  debug(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'debug', scope: this.scope, message, fields })
  }

  info(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'info', scope: this.scope, message, fields })
  }

  warn(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'warn', scope: this.scope, message, fields })
  }

  error(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'error', scope: this.scope, message, fields })
  }

  child(scope: string): Logger {
    return new RecordingLogger(this.lines, scope)
  }
}
