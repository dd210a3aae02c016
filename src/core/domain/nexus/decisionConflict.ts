import { decisionTerms, type DecisionTerms, type Term } from './decisionTerms'

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

export type ConflictSignal = 'negation' | 'antonym' | 'quantity' | 'alternative' | 'swap'

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

const ANTONYMS: readonly (readonly [string, string])[] = [
  ['enabl', 'disabl'],
  ['on', 'off'],
  ['allow', 'deny'],
  ['allow', 'forbid'],
  ['allow', 'block'],
  ['add', 'remov'],
  ['includ', 'exclud'],
  ['rais', 'lower'],
  ['increas', 'decreas'],
  ['increas', 'reduc'],
  ['more', 'less'],
  ['public', 'privat'],
  ['requir', 'optional'],
  ['always', 'never'],
  ['sync', 'async'],
  ['synchronou', 'asynchronou'],
  ['before', 'after'],
  ['manual', 'automatic'],
  ['tab', 'spac'],
  ['accept', 'reject'],
  ['light', 'dark'],
  ['online', 'offline'],
  ['local', 'remot'],
  ['encrypt', 'plaintext']
]

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

interface Found {
  readonly signal: ConflictSignal
  readonly contrast: readonly [string, string]
}

function distinct(terms: DecisionTerms): Set<string> {
  return new Set(terms.all.map((term) => term.norm))
}

function sharedTerms(a: DecisionTerms, b: DecisionTerms): Term[] {
  const inA = distinct(a)
  const seen = new Set<string>()
  return b.all.filter((term) => inA.has(term.norm) && !seen.has(term.norm) && seen.add(term.norm))
}

/** Enough common ground besides the terms that disagree: `min` shared terms, or similar meaning. */
function sameSubject(shared: readonly Term[], except: ReadonlySet<string>, min: number, similar: boolean): boolean {
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
function negationFlip(a: DecisionTerms, b: DecisionTerms, shared: readonly Term[], similar: boolean): Found | null {
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
function antonym(a: DecisionTerms, b: DecisionTerms, shared: readonly Term[], similar: boolean): Found | null {
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
function quantityClash(a: DecisionTerms, b: DecisionTerms, shared: readonly Term[], similar: boolean): Found | null {
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
function alternativeClash(a: DecisionTerms, b: DecisionTerms, similar: boolean): Found | null {
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

/** Content-term sequences aligned by their longest common subsequence: the runs each side has alone. */
function differingRuns(left: readonly Term[], right: readonly Term[]): [Term[], Term[]][] {
  const table = Array.from({ length: left.length + 1 }, () => new Array<number>(right.length + 1).fill(0))
  for (let i = left.length - 1; i >= 0; i--)
    for (let j = right.length - 1; j >= 0; j--)
      (table[i] as number[])[j] =
        left[i]?.norm === right[j]?.norm
          ? ((table[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((table[i + 1] as number[])[j] as number, (table[i] as number[])[j + 1] as number)
  const runs: [Term[], Term[]][] = []
  let current: [Term[], Term[]] = [[], []]
  let i = 0
  let j = 0
  while (i < left.length || j < right.length) {
    if (i < left.length && j < right.length && left[i]?.norm === right[j]?.norm) {
      runs.push(current)
      current = [[], []]
      i++
      j++
    } else if (j >= right.length || (i < left.length && ((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number))) {
      current[0].push(left[i++] as Term)
    } else {
      current[1].push(right[j++] as Term)
    }
  }
  runs.push(current)
  return runs
}

/** Kinds that can stand in for one another in a sentence: any named choice (SQLite, JSON, iOS) is a name. */
function valueKinds(terms: readonly Term[]): Set<string> {
  const family = (kind: string): string =>
    kind.startsWith('quantity:') ? 'number' : ['format', 'os'].includes(kind) ? 'name' : kind
  return new Set(terms.flatMap((term) => (term.kind ? [family(term.kind)] : [])))
}

/**
 * The same sentence with one named value replaced: "Deploy the API to Fly.io" / "…on a
 * Hetzner VPS". Exactly one run differs on both sides (two would mean another aspect, as in
 * "stores notes in SQLite" / "syncs notes through WebDAV"), and both runs hold a value of a
 * common kind that the other decision never mentions.
 */
function substitution(a: DecisionTerms, b: DecisionTerms, similar: boolean): Found | null {
  const allA = distinct(a)
  const allB = distinct(b)
  for (const clauseA of a.clauses)
    for (const clauseB of b.clauses) {
      const matched = clauseA.filter((term) => clauseB.some((t) => t.norm === term.norm)).length
      if (!similar && matched < 2) continue
      const replaced = differingRuns(clauseA, clauseB)
        .map(([left, right]) => [left.filter((t) => !allB.has(t.norm)), right.filter((t) => !allA.has(t.norm))] as const)
        .filter(([left, right]) => left.length > 0 && right.length > 0)
      if (replaced.length !== 1) continue
      const [left, right] = replaced[0] as readonly [Term[], Term[]]
      const kinds = valueKinds(right)
      if (![...valueKinds(left)].some((kind) => kinds.has(kind))) continue
      return { signal: 'swap', contrast: [left.map((t) => t.surface).join(' '), right.map((t) => t.surface).join(' ')] }
    }
  return null
}

/** Everything else the same, one choice each: "React" + "settings window" / "settings window" + "Svelte". */
function pureSwap(a: DecisionTerms, b: DecisionTerms, shared: readonly Term[], similar: boolean): Found | null {
  const inA = distinct(a)
  const inB = distinct(b)
  const onlyA = a.all.filter((term) => !inB.has(term.norm))
  const onlyB = b.all.filter((term) => !inA.has(term.norm))
  if (onlyA.length === 0 || onlyB.length === 0 || !sameSubject(shared, new Set(), 2, similar)) return null
  const single = onlyA.length === 1 && onlyB.length === 1
  const values = [...onlyA, ...onlyB].every((term) => term.kind !== null)
  if (!single && !values) return null
  return { signal: 'swap', contrast: [onlyA.map((t) => t.surface).join(' '), onlyB.map((t) => t.surface).join(' ')] }
}
