import { normaliseText } from '../memory/memoryEntries'

/** One entry of a memory file with the line it starts on (1-based), for a candidate's provenance. */
export interface LocatedEntry {
  readonly text: string
  readonly line: number
}

/**
 * Splits a `§`-separated memory file (Hermes's MEMORY.md / USER.md, Hearth's own) into entries,
 * keeping each one's first line number. A line holding only `§` separates entries.
 */
export function sectionEntries(text: string): LocatedEntry[] {
  const entries: LocatedEntry[] = []
  let lines: string[] = []
  let start = 1
  const flush = (): void => {
    const body = lines.join('\n').trim()
    if (body !== '') entries.push({ text: body, line: start + leadingBlankLines(lines) })
    lines = []
  }
  normaliseText(text)
    .split('\n')
    .forEach((line, index) => {
      if (line.trim() === '§') {
        flush()
        start = index + 2
      } else lines.push(line)
    })
  flush()
  return entries
}

function leadingBlankLines(lines: readonly string[]): number {
  const first = lines.findIndex((line) => line.trim() !== '')
  return first < 0 ? 0 : first
}

/**
 * The bullet points of a Markdown notes file (OpenClaw's MEMORY.md and daily notes): each `- ` or
 * `* ` item (with its indented continuation lines) is one entry. Headings, HTML comments and
 * prose between bullets are not entries.
 */
export function bulletEntries(text: string): LocatedEntry[] {
  const entries: LocatedEntry[] = []
  let current: { lines: string[]; line: number } | null = null
  const flush = (): void => {
    if (current) {
      const body = current.lines.join(' ').replace(/\s+/g, ' ').trim()
      if (body !== '') entries.push({ text: body, line: current.line })
    }
    current = null
  }
  normaliseText(text)
    .split('\n')
    .forEach((line, index) => {
      const bullet = /^\s{0,3}[-*+]\s+(.*)$/.exec(line)
      if (bullet) {
        flush()
        current = { lines: [bullet[1] ?? ''], line: index + 1 }
      } else if (current && /^\s{2,}\S/.test(line)) current.lines.push(line.trim())
      else flush()
    })
  flush()
  return entries
}
