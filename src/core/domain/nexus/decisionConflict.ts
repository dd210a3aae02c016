import { decisionTerms, type DecisionTerms } from './decisionTerms'
import {
  type ConflictSignal,
  alternativeClash,
  antonym,
  distinct,
  negationFlip,
  quantityClash,
  sharedTerms
} from './decisionSignals'
import { pureSwap, substitution } from './decisionSwaps'

/**
 * Whether a later decision contradicts an earlier one. Two decisions conflict when they are
 * about the same subject (shared key terms, or a meaning similarity the knowledge layer
 * computed) AND one of them says something the other cannot also hold: it rules out what the
 * other chose ("not SQLite"), uses the opposite word (enable / disable), gives another amount
 * for the same quantity (30 days / 7 days), another member of the same kind (Monday /
 * Thursday), or swaps the one named choice (PostgreSQL / ClickHouse). A later decision that
 * only adds detail (the same choice, more words) is a refinement, never a conflict; one that
 * references the earlier entry answers it knowingly.
 */

export interface DecisionInput {
  readonly summary: string
  readonly seq?: number
  readonly refs?: readonly number[]
}

export type { ConflictSignal } from './decisionSignals'

export interface DecisionVerdict {
  readonly conflict: boolean
  /** The key terms both decisions share (as written in the later one). */
  readonly subject: readonly string[]
  readonly signal: ConflictSignal | null
  /** The two sides of the disagreement, as written ("SQLite" / "not SQLite"). */
  readonly contrast: readonly [string, string] | null
  /** 0–1: how much the two are about the same thing (term overlap, or the similarity given). */
  readonly score: number
}

export interface JudgeOptions {
  /** Meaning similarity (0–1) from embeddings, when configured; null or absent otherwise. */
  readonly similarity?: number | null
}

/** Embedding similarity at or above which two decisions count as the same subject. */
export const SAME_SUBJECT_SIMILARITY = 0.8

const NO_VERDICT = { conflict: false, signal: null, contrast: null } as const

export function judgeDecisionPair(
  earlier: DecisionInput,
  later: DecisionInput,
  options: JudgeOptions = {}
): DecisionVerdict {
  return judgeParsed(
    { ...earlier, terms: decisionTerms(earlier.summary) },
    { ...later, terms: decisionTerms(later.summary) },
    options
  )
}

/** A decision already split into terms (a scan over many pairs parses each decision once). */
export interface ParsedDecision extends DecisionInput {
  readonly terms: DecisionTerms
}

export function judgeParsed(
  earlier: ParsedDecision,
  later: ParsedDecision,
  options: JudgeOptions = {}
): DecisionVerdict {
  const a = earlier.terms
  const b = later.terms
  const shared = sharedTerms(a, b)
  const overlap = shared.length / Math.max(1, Math.min(distinct(a).size, distinct(b).size))
  const similar = (options.similarity ?? 0) >= SAME_SUBJECT_SIMILARITY
  const score = Math.max(overlap, options.similarity ?? 0)
  const subject = shared.map((term) => term.surface)
  if (earlier.seq !== undefined && later.refs?.includes(earlier.seq)) return { ...NO_VERDICT, subject, score }
  const found =
    negationFlip(a, b, shared, similar) ??
    antonym(a, b, shared, similar) ??
    quantityClash(a, b, shared, similar) ??
    alternativeClash(a, b, similar) ??
    substitution(a, b, similar) ??
    pureSwap(a, b, shared, similar)
  if (!found) return { ...NO_VERDICT, subject, score }
  return { conflict: true, subject, signal: found.signal, contrast: found.contrast, score }
}
