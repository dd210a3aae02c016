import type { DecisionTerms, Term } from './decisionTerms'
import { distinct, sameSubject, type Found } from './decisionSignals'

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
    } else if (
      j >= right.length ||
      (i < left.length &&
        ((table[i + 1] as number[])[j] as number) >= ((table[i] as number[])[j + 1] as number))
    ) {
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
export function substitution(a: DecisionTerms, b: DecisionTerms, similar: boolean): Found | null {
  const allA = distinct(a)
  const allB = distinct(b)
  for (const clauseA of a.clauses)
    for (const clauseB of b.clauses) {
      const matched = clauseA.filter((term) => clauseB.some((t) => t.norm === term.norm)).length
      if (!similar && matched < 2) continue
      const replaced = differingRuns(clauseA, clauseB)
        .map(
          ([left, right]) =>
            [left.filter((t) => !allB.has(t.norm)), right.filter((t) => !allA.has(t.norm))] as const
        )
        .filter(([left, right]) => left.length > 0 && right.length > 0)
      if (replaced.length !== 1) continue
      const [left, right] = replaced[0] as readonly [Term[], Term[]]
      const kinds = valueKinds(right)
      if (![...valueKinds(left)].some((kind) => kinds.has(kind))) continue
      return {
        signal: 'swap',
        contrast: [left.map((t) => t.surface).join(' '), right.map((t) => t.surface).join(' ')]
      }
    }
  return null
}

/** Everything else the same, one choice each: "React" + "settings window" / "settings window" + "Svelte". */
export function pureSwap(
  a: DecisionTerms,
  b: DecisionTerms,
  shared: readonly Term[],
  similar: boolean
): Found | null {
  const inA = distinct(a)
  const inB = distinct(b)
  const onlyA = a.all.filter((term) => !inB.has(term.norm))
  const onlyB = b.all.filter((term) => !inA.has(term.norm))
  if (onlyA.length === 0 || onlyB.length === 0 || !sameSubject(shared, new Set(), 2, similar)) return null
  const single = onlyA.length === 1 && onlyB.length === 1
  const values = [...onlyA, ...onlyB].every((term) => term.kind !== null)
  if (!single && !values) return null
  return {
    signal: 'swap',
    contrast: [onlyA.map((t) => t.surface).join(' '), onlyB.map((t) => t.surface).join(' ')]
  }
}
