import type { DiffRun } from '../../../shared/contract/requestDiff'

/** Above this many cells the LCS table is skipped: the middle is shown as removed then added. */
const MAX_TABLE_CELLS = 2_000_000

/**
 * The LCS cells one whole comparison (a request against the one before) may fill across all its
 * texts. A moved window pairs every message with another one: without a budget, each pair fills
 * its own table and the Inspector waits seconds. Past it, a changed middle is removed then added.
 */
export interface DiffBudget {
  cells: number
}

/** A line diff of two texts (lines keep no trailing newline; runs join them with "\n"). */
export function lineDiff(before: string, after: string, budget?: DiffBudget): DiffRun[] {
  return toRuns(diffTokens(before.split('\n'), after.split('\n'), budget), '\n')
}

/** A word diff of two texts: words and the whitespace between them are tokens, so runs rejoin exactly. */
export function wordDiff(before: string, after: string, budget?: DiffBudget): DiffRun[] {
  const split = (text: string): string[] => text.split(/(\s+)/).filter((token) => token !== '')
  return toRuns(diffTokens(split(before), split(after), budget), '')
}

type Op = { readonly op: DiffRun['op']; readonly token: string }

/**
 * Longest-common-subsequence diff after trimming the common head and tail, which is all most
 * Inspector diffs need (a prompt rebuild changes one tier's middle, a turn appends at the end).
 */
function diffTokens(before: readonly string[], after: readonly string[], budget?: DiffBudget): Op[] {
  let head = 0
  while (head < before.length && head < after.length && before[head] === after[head]) head++
  let tail = 0
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++
  const a = before.slice(head, before.length - tail)
  const b = after.slice(head, after.length - tail)
  const same = (tokens: readonly string[]): Op[] => tokens.map((token) => ({ op: 'same', token }))
  return [
    ...same(before.slice(0, head)),
    ...middle(a, b, budget),
    ...same(before.slice(before.length - tail))
  ]
}

function middle(a: readonly string[], b: readonly string[], budget?: DiffBudget): Op[] {
  const removed = a.map((token): Op => ({ op: 'remove', token }))
  const added = b.map((token): Op => ({ op: 'add', token }))
  const cells = (a.length + 1) * (b.length + 1)
  if (a.length === 0 || b.length === 0 || cells > MAX_TABLE_CELLS || cells > (budget?.cells ?? Infinity))
    return [...removed, ...added]
  if (budget) budget.cells -= cells
  const width = b.length + 1
  const table = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] =
        a[i] === b[j]
          ? (table[(i + 1) * width + j + 1] as number) + 1
          : Math.max(table[(i + 1) * width + j] as number, table[i * width + j + 1] as number)
    }
  }
  const ops: Op[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ op: 'same', token: a[i] as string })
      i++
      j++
    } else if ((table[(i + 1) * width + j] as number) >= (table[i * width + j + 1] as number))
      ops.push({ op: 'remove', token: a[i++] as string })
    else ops.push({ op: 'add', token: b[j++] as string })
  }
  return [...ops, ...removed.slice(i), ...added.slice(j)]
}

/** Merges neighbouring tokens with the same fate into one run. */
function toRuns(ops: readonly Op[], joiner: string): DiffRun[] {
  const runs: { op: DiffRun['op']; tokens: string[] }[] = []
  for (const { op, token } of ops) {
    const last = runs.at(-1)
    if (last?.op === op) last.tokens.push(token)
    else runs.push({ op, tokens: [token] })
  }
  return runs.map((run) => ({ op: run.op, text: run.tokens.join(joiner) }))
}
