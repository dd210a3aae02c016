import { describe, expect, it } from 'vitest'
import { judgeDecisionPair, SAME_SUBJECT_SIMILARITY } from './decisionConflict'
import { decisionTerms, stem } from './decisionTerms'

const judge = (first: string, second: string, options = {}) =>
  judgeDecisionPair({ summary: first, seq: 1 }, { summary: second, seq: 2 }, options)

describe('decision terms', () => {
  it('stems forms of one word together and leaves numbers alone', () => {
    expect(['stores', 'store', 'stored'].map(stem)).toEqual(['stor', 'stor', 'stor'])
    expect([stem('indentation'), stem('Indent'), stem('launches'), stem('taking'), stem('take')]).toEqual([
      'indent',
      'indent',
      'launch',
      'tak',
      'tak'
    ])
    expect(stem('2.0')).toBe('2.0')
  })

  it('marks what a negation rules out, joins numbers to units, and names values', () => {
    const terms = decisionTerms('Keep uploaded images on the local disk; no S3, 16 MB at most')
    const byNorm = new Map(terms.all.map((term) => [term.norm, term]))
    expect(byNorm.get('s3')).toMatchObject({ negated: true, kind: 'name' })
    expect(byNorm.get('16mb')).toMatchObject({ kind: 'quantity:mb', surface: '16 MB', negated: false })
    expect(byNorm.get('imag')).toMatchObject({ negated: false, kind: null })
    expect(terms.clauses).toHaveLength(3)
  })
})

describe('judging two decisions', () => {
  it('flags a choice the other rules out, and says which', () => {
    expect(
      judge(
        'Quill stores notes in SQLite with WAL mode',
        'Quill stores notes in plain Markdown files, not SQLite'
      )
    ).toMatchObject({
      conflict: true,
      signal: 'negation',
      contrast: ['SQLite', 'not SQLite'],
      subject: ['Quill', 'stores', 'notes', 'SQLite']
    })
  })

  it('flags opposite words, other amounts, other members of a kind and a swapped name', () => {
    expect(judge('Disable telemetry by default', 'Enable telemetry by default').signal).toBe('antonym')
    expect(judge('Keep server logs for 30 days', 'Keep server logs for 7 days').contrast).toEqual([
      '30 days',
      '7 days'
    ])
    expect(judge('The newsletter goes out on Mondays', 'Send the newsletter on Thursdays').signal).toBe(
      'alternative'
    )
    expect(judge('Deploy the API to Fly.io', 'Deploy the API on a Hetzner VPS').signal).toBe('swap')
  })

  it('leaves refinements, other aspects and other subjects alone', () => {
    expect(
      judge('Deploy the API to Fly.io', 'Deploy the API to Fly.io in Frankfurt with two machines').conflict
    ).toBe(false)
    expect(judge('Quill stores notes in SQLite', 'Quill syncs notes through WebDAV').conflict).toBe(false)
    expect(judge('Keep server logs for 30 days', 'The website uses Tailwind').conflict).toBe(false)
  })

  it('takes a later decision that references the earlier one as a knowing answer', () => {
    const verdict = judgeDecisionPair(
      { summary: 'Release 2.0 ships on March 14', seq: 4 },
      { summary: 'Release 2.0 ships on March 28', seq: 9, refs: [4] }
    )
    expect(verdict.conflict).toBe(false)
  })

  it('lets meaning similarity stand in for shared terms, never for the disagreement itself', () => {
    expect(judge('Use SQLite', 'No SQLite anywhere').conflict).toBe(false)
    expect(judge('Use SQLite', 'No SQLite anywhere', { similarity: SAME_SUBJECT_SIMILARITY }).conflict).toBe(
      true
    )
    expect(judge('Notes go in SQLite', 'The icon is orange', { similarity: 0.95 }).conflict).toBe(false)
  })
})
