import { stem, type DecisionTerms, type Term } from './decisionTerms'

/** What kind of disagreement two decisions showed. */
export type ConflictSignal = 'negation' | 'antonym' | 'quantity' | 'alternative' | 'swap'

/**
 * The disagreements a conflict check looks for between two decisions on the same subject: one
 * rules out what the other chose, opposite words, other amounts of the same quantity, another
 * member of the same kind. Each returns the two sides as written, or null.
 */

/** Opposite words, as written; compared by their stems. */
const ANTONYM_WORDS: readonly (readonly [string, string])[] = [
  ['enable', 'disable'],
  ['on', 'off'],
  ['allow', 'deny'],
  ['allow', 'forbid'],
  ['allow', 'block'],
  ['add', 'remove'],
  ['include', 'exclude'],
  ['raise', 'lower'],
  ['increase', 'decrease'],
  ['increase', 'reduce'],
  ['more', 'less'],
  ['public', 'private'],
  ['required', 'optional'],
  ['always', 'never'],
  ['sync', 'async'],
  ['synchronous', 'asynchronous'],
  ['before', 'after'],
  ['manual', 'automatic'],
  ['tab', 'space'],
  ['accept', 'reject'],
  ['light', 'dark'],
  ['online', 'offline'],
  ['local', 'remote'],
  ['encrypt', 'plaintext']
]
const ANTONYMS = ANTONYM_WORDS.map(([a, b]) => [stem(a), stem(b)] as const)

export interface Found {
  readonly signal: ConflictSignal
  readonly contrast: readonly [string, string]
}

export function distinct(terms: DecisionTerms): Set<string> {
  return new Set(terms.all.map((term) => term.norm))
}

export function sharedTerms(a: DecisionTerms, b: DecisionTerms): Term[] {
  const inA = distinct(a)
  const seen = new Set<string>()
  return b.all.filter((term) => inA.has(term.norm) && !seen.has(term.norm) && seen.add(term.norm))
}

/** Enough common ground besides the terms that disagree: `min` shared terms, or similar meaning. */
export function sameSubject(
  shared: readonly Term[],
  except: ReadonlySet<string>,
  min: number,
  similar: boolean
): boolean {
  return similar || shared.filter((term) => !except.has(term.norm)).length >= min
}

function affirmed(terms: DecisionTerms): Set<string> {
  return new Set(terms.all.filter((term) => !term.negated).map((term) => term.norm))
}

function negatedOnly(terms: DecisionTerms): Map<string, Term> {
  const yes = affirmed(terms)
  return new Map(terms.all.filter((term) => term.negated && !yes.has(term.norm)).map((t) => [t.norm, t]))
}

/** One affirms what the other rules out: "in SQLite" / "not SQLite". */
export function negationFlip(
  a: DecisionTerms,
  b: DecisionTerms,
  shared: readonly Term[],
  similar: boolean
): Found | null {
  for (const [first, second, flipped] of [
    [a, b, false],
    [b, a, true]
  ] as const) {
    const chosen = affirmed(first)
    for (const [norm, ruledOut] of negatedOnly(second)) {
      if (!chosen.has(norm) || !sameSubject(shared, new Set([norm]), 1, similar)) continue
      const pick = first.all.find((term) => term.norm === norm)?.surface ?? ruledOut.surface
      const pair: [string, string] = [pick, `not ${ruledOut.surface}`]
      return { signal: 'negation', contrast: flipped ? [pair[1], pair[0]] : pair }
    }
  }
  return null
}

/** Opposite words on the same subject: enable / disable, tabs / spaces. */
export function antonym(
  a: DecisionTerms,
  b: DecisionTerms,
  shared: readonly Term[],
  similar: boolean
): Found | null {
  const inA = distinct(a)
  const inB = distinct(b)
  for (const [x, y] of ANTONYMS) {
    for (const [left, right] of [
      [x, y],
      [y, x]
    ] as const) {
      if (!inA.has(left) || !inB.has(right) || inA.has(right) || inB.has(left)) continue
      if (!sameSubject(shared, new Set([left, right]), 1, similar)) continue
      return { signal: 'antonym', contrast: [surfaceOf(a, left), surfaceOf(b, right)] }
    }
  }
  return null
}

function surfaceOf(terms: DecisionTerms, norm: string): string {
  return terms.all.find((term) => term.norm === norm)?.surface ?? norm
}

/** Amounts keyed by what they measure: a unit ("day"), or the word a bare number follows ("march"). */
function amounts(terms: DecisionTerms): Map<string, Term[]> {
  const byKey = new Map<string, Term[]>()
  for (const clause of terms.clauses)
    clause.forEach((term, i) => {
      if (term.negated) return
      const key = term.kind?.startsWith('quantity:')
        ? term.kind
        : term.kind === 'number'
          ? `after:${clause[i - 1]?.norm ?? ''}`
          : null
      if (key) byKey.set(key, [...(byKey.get(key) ?? []), term])
    })
  return byKey
}

/** The same quantity with amounts that have nothing in common: 30 days / 7 days, March 14 / March 28. */
export function quantityClash(
  a: DecisionTerms,
  b: DecisionTerms,
  shared: readonly Term[],
  similar: boolean
): Found | null {
  const inB = amounts(b)
  for (const [key, left] of amounts(a)) {
    const right = inB.get(key)
    if (!right || key === 'after:') continue
    const values = new Set(left.map((term) => term.norm))
    if (right.some((term) => values.has(term.norm))) continue
    const except = new Set([...values, ...right.map((term) => term.norm)])
    if (!sameSubject(shared, except, 1, similar)) continue
    return { signal: 'quantity', contrast: [(left[0] as Term).surface, (right[0] as Term).surface] }
  }
  return null
}

const LISTED_KINDS = new Set(['weekday', 'month', 'direction', 'format', 'os', 'color'])

/** Another member of the same kind, clause by clause: Monday / Thursday, WebP / JPEG, south / east bed. */
export function alternativeClash(a: DecisionTerms, b: DecisionTerms, similar: boolean): Found | null {
  const allA = distinct(a)
  for (const clauseA of a.clauses)
    for (const clauseB of b.clauses) {
      const inClauseB = new Set(clauseB.map((term) => term.norm))
      const common = clauseA.filter((term) => term.kind === null && inClauseB.has(term.norm))
      if (!similar && common.length === 0) continue
      for (const left of clauseA) {
        if (!left.kind || !LISTED_KINDS.has(left.kind) || left.negated || inClauseB.has(left.norm)) continue
        const right = clauseB.find((term) => term.kind === left.kind && !term.negated && !allA.has(term.norm))
        if (right) return { signal: 'alternative', contrast: [left.surface, right.surface] }
      }
    }
  return null
}
