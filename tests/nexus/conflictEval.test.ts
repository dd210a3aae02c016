import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONFLICT_SETS, readPairSet, scoreConflictPairs } from '../../src/bench/conflictEval'
import { fakeSimilarity } from '../fakeEmbeddings/fakeEmbedding'

const ROOT = join(__dirname, '..', '..')

describe('conflict detection on the labelled decision pairs', () => {
  it('holds the Quill example and all three labels in the tuned set', () => {
    const pairs = readPairSet(ROOT, 'decisionPairs.json')
    expect(new Set(pairs.map((pair) => pair.label))).toEqual(
      new Set(['contradicting', 'refining', 'unrelated'])
    )
    expect(pairs).toContainEqual(
      expect.objectContaining({
        label: 'contradicting',
        first: expect.objectContaining({ summary: 'Quill stores notes in SQLite with WAL mode' }),
        second: expect.objectContaining({ summary: 'Quill stores notes in plain Markdown files, not SQLite' })
      })
    )
  })

  for (const file of CONFLICT_SETS)
    it(`reaches precision and recall of at least 0.8 on ${file}`, () => {
      const score = scoreConflictPairs(readPairSet(ROOT, file))
      // The misjudged pairs, so a regression says which wording it broke.
      if (score.mistakes.length > 0) console.log(`${file}:\n${score.mistakes.join('\n')}`)
      expect(score.precision).toBeGreaterThanOrEqual(0.8)
      expect(score.recall).toBeGreaterThanOrEqual(0.8)
    })

  it('keeps them with meaning similarity from the deterministic fake embedding model', () => {
    const pairs = CONFLICT_SETS.flatMap((file) => readPairSet(ROOT, file))
    const words = scoreConflictPairs(pairs)
    const meaning = scoreConflictPairs(pairs, fakeSimilarity)
    if (meaning.mistakes.length > 0) console.log(`with embeddings:\n${meaning.mistakes.join('\n')}`)
    expect(meaning.precision).toBeGreaterThanOrEqual(0.8)
    expect(meaning.recall).toBeGreaterThanOrEqual(0.8)
    // Meaning adds subjects worded apart; it must not cost what key terms already find.
    expect(meaning.truePositives).toBeGreaterThanOrEqual(words.truePositives)
  })

  it('reaches them on both sets together (the figures `hearth bench` reports)', () => {
    const score = scoreConflictPairs(CONFLICT_SETS.flatMap((file) => readPairSet(ROOT, file)))
    expect(score.pairs).toBe(94)
    expect(score.precision).toBeGreaterThanOrEqual(0.8)
    expect(score.recall).toBeGreaterThanOrEqual(0.8)
  })
})
