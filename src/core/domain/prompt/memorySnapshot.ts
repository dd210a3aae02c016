import type { MemoryTarget } from '../../../shared/contract/memory'
import { blockingFindings, findThreats, type ThreatFinding } from './scanner'
import { formatCount } from './text'

/** Entries in MEMORY.md and USER.md are separated by a line holding only "§". */
export const ENTRY_DELIMITER = '\n§\n'

export type { MemoryTarget } from '../../../shared/contract/memory'

/** A finding inside one entry, with the entry's position so the UI can point at it. */
export interface EntryFinding extends ThreatFinding {
  /** 0-based index of the entry in the file. */
  readonly entry: number
}

export interface MemorySnapshot {
  /** The block for the volatile tier, '' when there are no entries. */
  readonly text: string
  readonly entries: readonly string[]
  /** `x% — n/limit chars`, computed over the file's entries (the budget the memory tool keeps). */
  readonly usage: string
  readonly chars: number
  readonly findings: readonly EntryFinding[]
  readonly warnings: readonly string[]
  /** Of the warnings, those saying which entries were kept from the prompt and why. */
  readonly withheld: readonly string[]
}

/** Splits a memory file into entries: trimmed, empties dropped, duplicates keep the first. */
export function parseEntries(text: string): string[] {
  const seen = new Set<string>()
  const entries: string[] = []
  for (const part of text.split(ENTRY_DELIMITER)) {
    const entry = part.trim()
    if (entry === '' || seen.has(entry)) continue
    seen.add(entry)
    entries.push(entry)
  }
  return entries
}

/**
 * The share of the budget used, floored, and not capped: a file edited by hand may hold more than
 * its budget, and "113%" says so where "100%" would hide it.
 */
export function usagePercent(chars: number, limit: number): number {
  // chars * 100 first: (4520 / 4000) * 100 is 112.99999999999999 in floating point.
  return limit > 0 ? Math.floor((chars * 100) / limit) : 100
}

/** `42% — 1,680/4,000 chars` (or `113% — 4,520/4,000 chars` over the budget). */
export function usageLine(chars: number, limit: number): string {
  return `${usagePercent(chars, limit)}% — ${formatCount(chars)}/${formatCount(limit)} chars`
}

const HEADINGS: Readonly<Record<MemoryTarget, { title: string; file: string }>> = {
  memory: { title: 'Your notes', file: 'MEMORY.md' },
  user: { title: 'About the user', file: 'USER.md' }
}

/**
 * Renders the frozen snapshot of MEMORY.md or USER.md. Each entry is scanned with the strict
 * scope; an entry with a finding is replaced by a `[BLOCKED: …]` line in the prompt only (the
 * file keeps it, so the user can fix or delete it) — unless the user trusted that exact entry
 * (`trusted` holds the entries whose hash is on record): then it is loaded and the finding shown.
 */
export function renderMemorySnapshot(
  target: MemoryTarget,
  fileText: string,
  limit: number,
  trusted: ReadonlySet<string> = new Set()
): MemorySnapshot {
  const { title, file } = HEADINGS[target]
  const findings: EntryFinding[] = []
  const warnings: string[] = []
  const withheld: string[] = []
  const fileEntries = parseEntries(fileText)
  const entries = fileEntries.map((entry, index) => {
    const hits = blockingFindings(findThreats(entry, 'strict'))
    if (hits.length === 0) return entry
    if (trusted.has(entry)) {
      const ids = hits.map((hit) => hit.id).join(', ')
      warnings.push(
        `${file} entry ${index + 1} is loaded as you wrote it: you trusted it, so ${ids} does not keep it from the prompt. A change to the entry is scanned again.`
      )
      return entry
    }
    const entryStartLine = lineOfEntry(fileText, entry)
    findings.push(...hits.map((hit) => ({ ...hit, entry: index, line: hit.line + entryStartLine - 1 })))
    const ids = hits.map((hit) => hit.id).join(', ')
    const sentence = `${file} entry ${index + 1} was blocked (${ids}); it stays in the file but is not in the prompt.`
    warnings.push(sentence)
    withheld.push(sentence)
    return `[BLOCKED: ${file} entry contained potential prompt injection (${ids}). Left out of this prompt; fix or remove the entry in ${file}.]`
  })
  // The budget counts the file's entries, as the memory tool and the budget meter do, so the
  // warning and the meter give the same figure even when an entry is blocked from the prompt.
  const chars = fileEntries.length === 0 ? 0 : fileEntries.join(ENTRY_DELIMITER).length
  const usage = usageLine(chars, limit)
  if (chars > limit)
    warnings.push(`${file} is over its budget (${usage}); the agent is asked to consolidate it.`)
  const text =
    entries.length === 0 ? '' : `## ${title} (${file}) [${usage}]\n${entries.join(ENTRY_DELIMITER)}`
  return { text, entries, usage, chars, findings, warnings, withheld }
}

/** 1-based line in the file where an entry starts (so a finding points at the real line). */
function lineOfEntry(fileText: string, entry: string): number {
  const at = fileText.indexOf(entry)
  if (at === -1) return 1
  let line = 1
  for (let i = 0; i < at; i++) if (fileText.charCodeAt(i) === 10) line++
  return line
}
