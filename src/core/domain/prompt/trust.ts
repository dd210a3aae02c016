import type { TrustableFile, TrustState } from '../../../shared/contract/files'
import { parseEntries } from './memorySnapshot'
import { blockingFindings, findThreats } from './scanner'

/**
 * The files the user writes in Hearth and may mark as their own: SOUL.md as a whole, and each
 * entry of MEMORY.md and USER.md (the agent writes entries there too, and a new one must not
 * ride on the user's trust in the others).
 */
export type { TrustableFile }

/** The texts of the user's files the user trusted, exactly as written (looked up by hash in the core). */
export interface TrustedTexts {
  readonly soul: ReadonlySet<string>
  readonly memory: ReadonlySet<string>
  readonly user: ReadonlySet<string>
}

export const NOTHING_TRUSTED: TrustedTexts = { soul: new Set(), memory: new Set(), user: new Set() }

/** The pieces of a file that trust is pinned to: SOUL.md's whole text, or each memory entry. */
export function trustUnits(file: TrustableFile, text: string): string[] {
  if (file !== 'soul') return parseEntries(text)
  const body = text.trim()
  return body === '' ? [] : [body]
}

/** The pieces with a finding that blocks: what "I wrote this — trust it" would vouch for. */
export function flaggedUnits(file: TrustableFile, text: string): string[] {
  const scope = file === 'soul' ? 'context' : 'strict'
  return trustUnits(file, text).filter((unit) => blockingFindings(findThreats(unit, scope)).length > 0)
}

/** `offered` while a flagged piece is not trusted, `trusted` when every flagged piece is, else `none`. */
export function trustState(file: TrustableFile, text: string, trusted: ReadonlySet<string>): TrustState {
  const flagged = flaggedUnits(file, text)
  if (flagged.some((unit) => !trusted.has(unit))) return 'offered'
  return flagged.length > 0 ? 'trusted' : 'none'
}
