import { usageLine, usagePercent } from '../domain/prompt/memorySnapshot'
import type { MemoryUsage } from '../../shared/contract/memory'

/** Entries of MEMORY.md / USER.md are separated by a line holding only "§". */
export const ENTRY_DELIMITER = '\n§\n'

/**
 * Splits a memory file into entries: on the full delimiter, trimmed, empties dropped and exact
 * duplicates removed (first kept). A leading BOM and CRLF line ends are normalised first so a
 * file saved by a Windows editor reads the same.
 */
export function parseEntries(text: string): string[] {
  const normalised = normaliseText(text)
  const seen = new Set<string>()
  const entries: string[] = []
  for (const part of normalised.split(ENTRY_DELIMITER)) {
    const entry = part.trim()
    if (entry === '' || seen.has(entry)) continue
    seen.add(entry)
    entries.push(entry)
  }
  return entries
}

/** The file body for a list of entries (no trailing newline, like the tool always writes). */
export function serialiseEntries(entries: readonly string[]): string {
  return entries.join(ENTRY_DELIMITER)
}

export function normaliseText(text: string): string {
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
}

/** Characters the entries occupy in the prompt; 0 when there are none. */
export function usedChars(entries: readonly string[]): number {
  return entries.length === 0 ? 0 : serialiseEntries(entries).length
}

const thousands = new Intl.NumberFormat('en-US')

/** "1,480/4,000" — the short form used in refusals. */
export function formatCharCount(chars: number, limit: number): string {
  return `${thousands.format(chars)}/${thousands.format(limit)}`
}

/** Usage as shown everywhere: "37% — 1,480/4,000 chars", or "113% — …" over the budget (never capped). */
export function describeUsage(entries: readonly string[], limit: number): MemoryUsage {
  const chars = usedChars(entries)
  return {
    chars,
    limit,
    percent: usagePercent(chars, limit),
    text: usageLine(chars, limit),
    entryCount: entries.length
  }
}

/** Entries that contain `needle`; identical entries count once (parse already dedupes). */
export function findMatches(entries: readonly string[], needle: string): number[] {
  const indexes: number[] = []
  entries.forEach((entry, index) => {
    if (entry.includes(needle)) indexes.push(index)
  })
  return indexes
}

/** First 80 characters of an entry, for "which one did you mean" lists. */
export function previewEntry(entry: string): string {
  return entry.length > 80 ? `${entry.slice(0, 80)}...` : entry
}
