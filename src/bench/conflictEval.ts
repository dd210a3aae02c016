import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { judgeDecisionPair } from '../core/domain/nexus/decisionConflict'

const Decision = z.object({ agent: z.string(), summary: z.string().min(1), rationale: z.string() })
const PairSet = z.object({
  about: z.string(),
  pairs: z
    .array(
      z.object({
        label: z.enum(['contradicting', 'refining', 'unrelated']),
        first: Decision,
        second: Decision
      })
    )
    .min(1)
})
export type DecisionPair = z.infer<typeof PairSet>['pairs'][number]

/** The labelled decision pairs in the test tree: the set the detector was tuned on, and a held-out one. */
export const CONFLICT_SETS = ['decisionPairs.json', 'heldOutPairs.json'] as const

export function readPairSet(repoRoot: string, file: string): DecisionPair[] {
  const text = readFileSync(join(repoRoot, 'tests', 'nexus', 'conflictEval', file), 'utf8')
  return PairSet.parse(JSON.parse(text)).pairs
}

export interface ConflictScore {
  readonly pairs: number
  readonly truePositives: number
  readonly falsePositives: number
  readonly falseNegatives: number
  readonly precision: number
  readonly recall: number
  /** The pairs judged wrongly, for the log. */
  readonly mistakes: readonly string[]
}

/** How alike two decisions' meanings are (0–1), as an embedding model says; absent: key terms only. */
export type PairSimilarity = (first: string, second: string) => number

/**
 * Runs the conflict check on each pair (first posted before second) and scores it against the
 * labels: by shared key terms, or with `similarity` also by meaning, as the Nexus does when an
 * embedding endpoint is configured.
 */
export function scoreConflictPairs(
  pairs: readonly DecisionPair[],
  similarity?: PairSimilarity
): ConflictScore {
  let tp = 0
  let fp = 0
  let fn = 0
  const mistakes: string[] = []
  for (const pair of pairs) {
    const flagged = judgeDecisionPair(
      { summary: pair.first.summary, seq: 1 },
      { summary: pair.second.summary, seq: 2 },
      similarity ? { similarity: similarity(pair.first.summary, pair.second.summary) } : {}
    ).conflict
    const expected = pair.label === 'contradicting'
    if (flagged && expected) tp++
    else if (flagged) fp++
    else if (expected) fn++
    if (flagged !== expected)
      mistakes.push(
        `${flagged ? 'flagged' : 'missed'} (${pair.label}): “${pair.first.summary}” / “${pair.second.summary}”`
      )
  }
  return {
    pairs: pairs.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 0 : tp / (tp + fp),
    recall: tp + fn === 0 ? 0 : tp / (tp + fn),
    mistakes
  }
}
