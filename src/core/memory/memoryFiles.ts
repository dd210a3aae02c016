import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import type { MemoryTarget } from '../../shared/contract/memory'
import { writeFileAtomic } from '../home/atomicWrite'
import { realPathWithin } from '../home/containedPath'
import type { HomePaths } from '../home/homePaths'
import { readTextFile, type TextRead } from '../home/readText'
import type { Clock } from '../ports/clock'
import { withoutStarterHint } from '../home/defaultTexts'
import { backupFile } from './driftBackup'
import { withFileLock } from '../home/fileLock'
import { normaliseText, parseEntries, previewEntry, serialiseEntries } from './memoryEntries'
import { MEMORY_TEXT } from './memoryMessages'
import type { OperationOutcome, OperationSuccess } from './memoryOperations'
import type { MemoryJournal } from './memoryJournal'
import type { NewReceipt, WrittenFile } from './receiptStore'
import type { MemoryReceipt } from '../../shared/contract/memory'
import { mkdirPrivate } from '../home/privateFiles'
import type { AgentId } from '../../shared/contract'

export interface MemoryLimits {
  readonly memory: number
  readonly user: number
}

export interface MemorySnapshot {
  readonly path: string
  readonly entries: readonly string[]
  readonly limit: number
}

export interface DriftRefusal {
  readonly ok: false
  readonly drift: true
  readonly error: string
  readonly backup: string
  readonly remediation: string
}

export type MutationOutcome =
  | (OperationOutcome & {
      readonly drift?: undefined
      readonly written?: WrittenFile
      /** The write's receipt, made with it through the journal (absent when nothing was written). */
      readonly receipt?: MemoryReceipt
    })
  | DriftRefusal

/** How a write is journaled: the journal, and the receipt a successful outcome gets. */
export interface JournaledWrite {
  readonly journal: MemoryJournal
  readonly receiptFor: (outcome: OperationSuccess, path: string) => NewReceipt
}

/** Why an undo could not put the file back, or null when it did. */
export type RestoreRefusal = string | null

/**
 * MEMORY.md / USER.md on disk. Every mutation re-reads the file under a lock, refuses to rewrite
 * a file whose text the tool could not reproduce (the drift guard), and writes atomically.
 */
export class MemoryFiles {
  /** sha256 of each file as this process last read or wrote it, to say when someone else changed it. */
  private readonly lastSeen = new Map<string, string>()

  constructor(
    private readonly paths: HomePaths,
    private readonly limits: () => MemoryLimits,
    private readonly clock: Clock
  ) {}

  path(agentId: AgentId, target: MemoryTarget): string {
    return target === 'user' ? this.paths.user : this.paths.memory(agentId)
  }

  limit(target: MemoryTarget): number {
    return this.limits()[target]
  }

  /** The current entries (a missing or unreadable file reads as empty). */
  read(agentId: AgentId, target: MemoryTarget): MemorySnapshot {
    const path = this.path(agentId, target)
    const read = this.readInside(path)
    if (read.ok) this.lastSeen.set(path, hashText(read.text))
    const entries = read.ok ? factsOf(target, parseEntries(read.text)) : []
    return { path, entries, limit: this.limit(target) }
  }

  /**
   * Read → drift check → `apply` → journal row → atomic write → receipt, all while holding the
   * file's lock. A write a dead process left half done on this file is settled first.
   */
  async mutate(
    agentId: AgentId,
    target: MemoryTarget,
    apply: (entries: readonly string[], limit: number) => OperationOutcome,
    journaled: JournaledWrite
  ): Promise<MutationOutcome> {
    const path = this.path(agentId, target)
    const limit = this.limit(target)
    return withFileLock(path, () => {
      journaled.journal.settle(path)
      const inside = realPathWithin(path, this.paths.root, basename(path))
      if (!inside.ok && !inside.missing) return this.refuse(path, inside.reason, false)
      const oversize = this.refuseOversized(path, limit)
      if (oversize) return oversize
      const read = readTextFile(path)
      const text = read.ok ? normaliseText(read.text) : ''
      if (!read.ok && !read.missing) return this.refuse(path, read.reason)
      const entries = parseEntries(text)
      const reason = driftReason(text, entries, limit)
      if (reason) return this.refuse(path, this.outsideChangeNote(path, text) + reason)
      // The seeded hint is checked as part of the file above, then dropped: a write replaces it.
      const outcome = apply(factsOf(target, entries), limit)
      if (!outcome.ok || outcome.changes.length === 0) return outcome
      mkdirPrivate(dirname(path))
      const body = Buffer.from(serialiseEntries(outcome.entries), 'utf8')
      const written = { before: read.ok ? read.bytes : null, afterSha256: sha256(body) }
      const receipt = journaled.receiptFor(outcome, path)
      const row = journaled.journal.open(receipt, written)
      writeFileAtomic(path, body)
      this.lastSeen.set(path, hashText(body.toString('utf8')))
      return { ...outcome, written, receipt: journaled.journal.close(row, receipt, written) }
    })
  }

  /**
   * Undo: puts `before` back byte for byte (or removes the file when it did not exist), under the
   * lock, but only while the file still holds exactly what the write left (`afterSha256`), so a
   * later write or an edit is never silently lost.
   */
  async restore(path: string, before: Buffer | null, afterSha256: string): Promise<RestoreRefusal> {
    const name = basename(path)
    return withFileLock(path, () => {
      if (!existsSync(path)) return MEMORY_TEXT.undoFileGone(name)
      const now = readFileSync(path)
      if (sha256(now) !== afterSha256) return MEMORY_TEXT.undoChangedSince(name)
      if (before === null) rmSync(path)
      else writeFileAtomic(path, before)
      if (before === null) this.lastSeen.delete(path)
      else this.lastSeen.set(path, hashText(before.toString('utf8')))
      return null
    })
  }

  /** The file's text, refused when it is a link that leads out of the home (its target is not the user's memory). */
  private readInside(path: string): TextRead {
    const inside = realPathWithin(path, this.paths.root, basename(path))
    if (!inside.ok && !inside.missing) return { ok: false, missing: false, reason: inside.reason }
    return readTextFile(path)
  }

  private outsideChangeNote(path: string, text: string): string {
    const seen = this.lastSeen.get(path)
    return seen !== undefined && seen !== hashText(text)
      ? 'it was changed outside the memory tool since the tool last read it, and '
      : ''
  }

  /**
   * Refuses, from its size alone, a file no budget could describe (a 50 MB MEMORY.md): reading,
   * decoding, parsing and backing it up would cost hundreds of MB before the same refusal.
   */
  private refuseOversized(path: string, limit: number): DriftRefusal | null {
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0
    if (size <= maxMemoryFileBytes(limit)) return null
    const name = basename(path)
    return {
      ok: false,
      drift: true,
      error: MEMORY_TEXT.tooLarge(name, (size / 1048576).toFixed(1), limit),
      backup: '(not copied: the file was not read)',
      remediation: MEMORY_TEXT.tooLargeRemediation(name)
    }
  }

  /** Copies the file to `<file>.bak.<unix seconds>` (unless it is not the user's file) and builds the refusal. */
  private refuse(path: string, reason: string, backUp = true): DriftRefusal {
    const backup = backUp
      ? backupFile(path, Math.floor(this.clock.now() / 1000))
      : '(not copied: it is not a file of this home)'
    const name = basename(path)
    return {
      ok: false,
      drift: true,
      error: MEMORY_TEXT.drift(name, reason, backup),
      backup,
      remediation: MEMORY_TEXT.driftRemediation(name)
    }
  }
}

/**
 * Why rewriting `text` from `entries` would lose or reshape what is there, or null when the
 * rewrite only normalises whitespace. Drops of repeated entries and entries bigger than the whole
 * budget (a file written without separators) are the cases that would hurt.
 */
/** Four UTF-8 bytes per character of the budget, plus a megabyte of slack for separators and a hand-edited overflow. */
export function maxMemoryFileBytes(limit: number): number {
  return limit * 4 + 1024 * 1024
}

export function driftReason(text: string, entries: readonly string[], limit: number): string | null {
  const oversized = entries.findIndex((entry) => entry.length > limit)
  if (oversized !== -1) {
    const size = (entries[oversized] as string).length
    return `entry ${oversized + 1} is ${size} characters, more than the whole ${limit}-character budget (the file is probably not split into entries by "§" lines).`
  }
  const squash = (value: string): string => value.replace(/\s+/g, '')
  if (squash(serialiseEntries(entries)) !== squash(text)) {
    const repeated = findRepeated(text)
    return repeated
      ? `it repeats the entry "${previewEntry(repeated)}", and the tool would keep only one copy.`
      : 'its text would not survive being split into entries and written back.'
  }
  return null
}

function findRepeated(text: string): string | null {
  const seen = new Set<string>()
  for (const part of text.split('\n§\n').map((p) => p.trim())) {
    if (part !== '' && seen.has(part)) return part
    seen.add(part)
  }
  return null
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

function hashText(text: string): string {
  return createHash('sha256').update(normaliseText(text)).digest('hex')
}

/** The entries that are facts: USER.md's seeded hint is for the user, never an entry. */
function factsOf(target: MemoryTarget, entries: readonly string[]): readonly string[] {
  return target === 'user' ? withoutStarterHint(entries) : entries
}
