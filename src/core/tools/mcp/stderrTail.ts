/** How many stderr lines a server keeps for diagnosis (Settings → Tools shows them). */
export const STDERR_LINES = 20
const MAX_LINE = 500
/** Lines that usually say what went wrong, as opposed to a banner or a version line. */
const TELLING =
  /error|cannot|can't|could not|not found|no such|denied|refused|invalid|missing|failed|ENOENT|EACCES|ECONNREFUSED|exception|traceback/i

/**
 * The last lines a server wrote to stderr. When it dies, the telling line (the first that
 * reads like an error, e.g. "Error: Cannot find module '/x/server.js'") is reported rather
 * than the last (which for Node is just its version).
 */
export class StderrTail {
  private lines: string[] = []
  private partial = ''

  push(chunk: string): void {
    const text = this.partial + chunk
    const parts = text.split(/\r?\n/)
    this.partial = (parts.pop() ?? '').slice(-MAX_LINE)
    const complete = parts
      .map((line) => line.trimEnd().slice(0, MAX_LINE))
      .filter((line) => line.trim() !== '')
    this.lines = [...this.lines, ...complete].slice(-STDERR_LINES)
  }

  clear(): void {
    this.lines = []
    this.partial = ''
  }

  all(): string[] {
    return this.partial.trim() === '' ? [...this.lines] : [...this.lines, this.partial].slice(-STDERR_LINES)
  }

  /** The most informative line, or null when the server wrote nothing. */
  tellingLine(): string | null {
    const lines = this.all()
    return lines.find((line) => TELLING.test(line))?.trim() ?? lines.at(-1)?.trim() ?? null
  }
}
