import type { MemoryChange, MemoryOperation } from '../../shared/contract/memory'
import { describeUsage, findMatches, formatCharCount, previewEntry, usedChars } from './memoryEntries'
import { MEMORY_TEXT } from './memoryMessages'

/** The scanner signature the prompt feature provides. */
export type ThreatScanner = (text: string, scope: 'all' | 'context' | 'strict') => readonly string[]

/** Why an operation failed; `counted` failures feed the per-turn failure cap. */
export interface OperationFailure {
  readonly ok: false
  readonly error: string
  readonly counted: boolean
  /** Echo the entries and usage so the model can pick the right text next time. */
  readonly withEntries: boolean
  readonly matches?: readonly string[]
}

export interface OperationSuccess {
  readonly ok: true
  readonly entries: readonly string[]
  readonly changes: readonly MemoryChange[]
  readonly message: string
}

export type OperationOutcome = OperationSuccess | OperationFailure

function fail(
  error: string,
  counted: boolean,
  withEntries: boolean,
  matches?: readonly string[]
): OperationFailure {
  return { ok: false, error, counted, withEntries, ...(matches ? { matches } : {}) }
}

/** The strict scan a memory write must pass; returns the refusal text or null. */
export function scanRefusal(content: string, scan: ThreatScanner): string | null {
  const findings = scan(content, 'strict')
  const invisible = findings.find((id) => id.startsWith('invisible_unicode_'))
  if (invisible) return MEMORY_TEXT.blockedInvisible(invisible.replace('invisible_unicode_', ''))
  const first = findings[0]
  return first === undefined ? null : MEMORY_TEXT.blockedPattern(first)
}

/** Content checks shared by add and replace, before the file is touched. */
export function checkNewContent(content: string, scan: ThreatScanner): string | null {
  if (/(^|\n)§(\n|$)/.test(content)) return MEMORY_TEXT.delimiterInside
  return scanRefusal(content, scan)
}

/** Appends an entry; an exact duplicate succeeds without a change. */
export function applyAdd(entries: readonly string[], rawContent: string, limit: number): OperationOutcome {
  const content = rawContent.trim()
  if (content === '') return fail(MEMORY_TEXT.emptyContent, false, false)
  if (entries.includes(content)) return { ok: true, entries, changes: [], message: MEMORY_TEXT.duplicate }
  const next = [...entries, content]
  if (usedChars(next) > limit) {
    return fail(
      MEMORY_TEXT.addOverBudget(formatCharCount(usedChars(entries), limit), content.length),
      true,
      true
    )
  }
  return {
    ok: true,
    entries: next,
    changes: [{ action: 'add', before: null, after: content }],
    message: MEMORY_TEXT.added
  }
}

/** Locates the single entry containing `oldText`, or explains why it cannot. */
function locate(entries: readonly string[], oldText: string, action: string): number | OperationFailure {
  const matches = findMatches(entries, oldText)
  if (matches.length === 0) return fail(MEMORY_TEXT.noMatch(oldText, action), true, true)
  if (matches.length > 1)
    return fail(
      MEMORY_TEXT.manyMatches(oldText),
      false,
      false,
      matches.map((i) => previewEntry(entries[i] ?? ''))
    )
  return matches[0] as number
}

/** Replaces the one entry containing `oldText` with `newContent`. */
export function applyReplace(
  entries: readonly string[],
  rawOld: string,
  rawNew: string,
  limit: number
): OperationOutcome {
  const oldText = rawOld.trim()
  const content = rawNew.trim()
  if (oldText === '') return fail(MEMORY_TEXT.emptyOldText, false, false)
  if (content === '') return fail(MEMORY_TEXT.emptyNewContent, false, false)
  const index = locate(entries, oldText, 'replace')
  if (typeof index !== 'number') return index
  const before = entries[index] as string
  const next = entries
    .map((entry, i) => (i === index ? content : entry))
    .filter((entry, i, all) => all.indexOf(entry) === i)
  if (usedChars(next) > limit)
    return fail(MEMORY_TEXT.replaceOverBudget(formatCharCount(usedChars(next), limit)), true, true)
  return {
    ok: true,
    entries: next,
    changes: [{ action: 'replace', before, after: content }],
    message: MEMORY_TEXT.replaced
  }
}

/** Removes the one entry containing `oldText`. */
export function applyRemove(entries: readonly string[], rawOld: string): OperationOutcome {
  const oldText = rawOld.trim()
  if (oldText === '') return fail(MEMORY_TEXT.emptyOldText, false, false)
  const index = locate(entries, oldText, 'remove')
  if (typeof index !== 'number') return index
  const before = entries[index] as string
  return {
    ok: true,
    entries: entries.filter((_, i) => i !== index),
    changes: [{ action: 'remove', before, after: null }],
    message: MEMORY_TEXT.removed
  }
}

/** Scans every add/replace content of a batch before anything else happens. */
export function scanBatch(operations: readonly MemoryOperation[], scan: ThreatScanner): string | null {
  for (const [i, operation] of operations.entries()) {
    if ((operation.action === 'add' || operation.action === 'replace') && operation.content) {
      const refusal = checkNewContent(operation.content, scan)
      if (refusal) return MEMORY_TEXT.batchScan(i + 1, refusal)
    }
  }
  return null
}

/**
 * Applies a batch to a working copy in order. Any error leaves the original untouched; the
 * budget is checked once, on the final state, so a batch may pass through an over-limit step.
 */
export function applyBatch(
  entries: readonly string[],
  operations: readonly MemoryOperation[],
  limit: number
): OperationOutcome {
  let working = entries
  const changes: MemoryChange[] = []
  for (const [i, operation] of operations.entries()) {
    const outcome = applyOne(working, operation)
    if (!outcome.ok) {
      const position = `Operation ${i + 1} (${operation.action || 'unknown'})`
      return {
        ...outcome,
        error: MEMORY_TEXT.batchFailed(position, outcome.error),
        counted: true,
        withEntries: true
      }
    }
    working = outcome.entries
    changes.push(...outcome.changes)
  }
  if (usedChars(working) > limit) {
    return fail(
      MEMORY_TEXT.batchOverBudget(operations.length, formatCharCount(usedChars(working), limit)),
      true,
      true
    )
  }
  return { ok: true, entries: working, changes, message: MEMORY_TEXT.applied(operations.length) }
}

/** One batch step with no budget check (the batch checks the final state). */
function applyOne(entries: readonly string[], operation: MemoryOperation): OperationOutcome {
  const unlimited = Number.MAX_SAFE_INTEGER
  switch (operation.action) {
    case 'add':
      if (!operation.content?.trim()) return fail(MEMORY_TEXT.addNeedsContent, true, true)
      return applyAdd(entries, operation.content, unlimited)
    case 'replace':
      if (!operation.old_text?.trim()) return fail(MEMORY_TEXT.needsOldText('replace'), true, true)
      if (!operation.content?.trim()) return fail(MEMORY_TEXT.replaceNeedsContent, true, true)
      return applyReplace(entries, operation.old_text, operation.content, unlimited)
    case 'remove':
      if (!operation.old_text?.trim()) return fail(MEMORY_TEXT.needsOldText('remove'), true, true)
      return applyRemove(entries, operation.old_text)
    default:
      return fail(MEMORY_TEXT.unknownAction(operation.action), true, true)
  }
}

/** The usage fields a refusal echoes: the short "n/limit" form, as the model needs only numbers. */
export function shortUsage(entries: readonly string[], limit: number): string {
  return formatCharCount(describeUsage(entries, limit).chars, limit)
}
