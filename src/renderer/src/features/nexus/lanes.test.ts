import { describe, expect, it } from 'vitest'
import type { NexusConflict, NexusEntry } from '../../../../shared/contract'
import { sampleNexusEntry } from '../../testing/nexusEntries'
import { backlinkVerb, buildLanes, refVerb, ROW_SPAN_MS } from './lanes'

const START = Date.UTC(2026, 0, 5, 9, 0, 0)

function entry(
  seq: number,
  agent: string,
  type: NexusEntry['type'] = 'turn',
  refs: number[] = [],
  options: { ts?: number; channel?: string } = {}
): NexusEntry {
  return sampleNexusEntry(seq, {
    ts: options.ts ?? START + seq * 1000,
    agent,
    channel: options.channel ?? 'cli',
    type,
    refs
  })
}

/** Each row as "seq@lane" cells, for compact assertions. */
function layout(entries: NexusEntry[], conflicts: NexusConflict[] = []): string[][] {
  return buildLanes(entries, conflicts).rows.map((row) =>
    row.cells.map((cell) => `${cell.entry.seq}@${cell.lane}`)
  )
}

describe('lanes view model', () => {
  it('gives each author a column in order of first appearance, with its channels and entry count', () => {
    const model = buildLanes(
      [
        entry(1, 'ella'),
        entry(2, 'claude-code', 'turn', [], { channel: 'mcp:claude-code' }),
        entry(3, 'lyra'),
        entry(4, 'ella', 'turn', [], { channel: 'desktop' })
      ],
      []
    )
    expect(model.lanes).toEqual([
      { author: 'ella', channels: ['cli', 'desktop'], count: 2 },
      { author: 'claude-code', channels: ['mcp:claude-code'], count: 1 },
      { author: 'lyra', channels: ['cli'], count: 1 }
    ])
  })

  it('packs entries of different authors side by side, and starts a new row when an author speaks again', () => {
    expect(
      layout([entry(1, 'ella'), entry(2, 'lyra'), entry(3, 'otto'), entry(4, 'lyra'), entry(5, 'ella')])
    ).toEqual([
      ['1@0', '2@1', '3@2'],
      ['4@1', '5@0']
    ])
  })

  it('puts an entry below what it references, so an ack never sits beside its target', () => {
    expect(layout([entry(1, 'ella', 'decision'), entry(2, 'lyra', 'ack', [1]), entry(3, 'otto')])).toEqual([
      ['1@0'],
      ['2@1', '3@2']
    ])
  })

  it('starts a new row after a long pause even when the lane is free', () => {
    const late = entry(2, 'lyra', 'turn', [], { ts: START + 1000 + ROW_SPAN_MS + 1 })
    expect(layout([entry(1, 'ella'), late])).toEqual([['1@0'], ['2@1']])
  })

  it('keeps rows in log order: every seq of a row is below every seq of the next, whatever order the input had', () => {
    const authors = ['a', 'b', 'c', 'd', 'e', 'f']
    const entries = Array.from({ length: 240 }, (_, index) =>
      entry(
        index + 1,
        authors[(index * 7) % 6] as string,
        'turn',
        index > 3 && index % 5 === 0 ? [index - 1] : []
      )
    )
    const model = buildLanes([...entries].reverse(), [])
    expect(model.lanes).toHaveLength(6)
    const seqs = model.rows.map((row) => row.cells.map((cell) => cell.entry.seq))
    expect(seqs.flat()).toEqual(entries.map((item) => item.seq))
    for (let index = 1; index < seqs.length; index++)
      expect(Math.min(...(seqs[index] as number[]))).toBeGreaterThan(
        Math.max(...(seqs[index - 1] as number[]))
      )
    for (const row of model.rows)
      expect(new Set(row.cells.map((cell) => cell.lane)).size).toBe(row.cells.length)
    expect(model.rows[0]).toMatchObject({ firstSeq: 1, ts: START + 1000 })
  })

  it('links acks and resolutions back to what they answer, ignoring references to entries not loaded', () => {
    const model = buildLanes(
      [
        entry(2, 'ella', 'decision', [1]),
        entry(3, 'lyra', 'decision'),
        entry(4, 'otto', 'ack', [2]),
        entry(5, 'user', 'resolution', [2, 3])
      ],
      []
    )
    expect(model.backlinks.get(2)).toEqual([
      { seq: 4, agent: 'otto', type: 'ack' },
      { seq: 5, agent: 'user', type: 'resolution' }
    ])
    expect(model.backlinks.get(3)).toEqual([{ seq: 5, agent: 'user', type: 'resolution' }])
    expect(model.backlinks.has(1)).toBe(false)
  })

  it('marks both decisions of each open conflict, and not those already resolved', () => {
    const [a, b, c] = [
      entry(1, 'ella', 'decision'),
      entry(2, 'lyra', 'decision'),
      entry(3, 'otto', 'decision')
    ]
    const why = { reason: 'they disagree', method: 'terms' as const, subject: ['dates'] }
    const open = { first: a, second: b, sharedRefs: [], similarity: 0.6, resolvedBy: null, ...why }
    const settled = { first: a, second: c, sharedRefs: [], similarity: 0.5, resolvedBy: 9, ...why }
    const model = buildLanes([a, b, c], [open, { ...open, first: b, second: c }, settled])
    expect(Object.fromEntries(model.conflictsWith)).toEqual({ 1: [2], 2: [1, 3], 3: [2] })
  })

  it('words references by what the referring entry is', () => {
    expect([refVerb('ack'), refVerb('resolution'), refVerb('turn')]).toEqual(['acks', 'resolves', 'refs'])
    expect([backlinkVerb('ack'), backlinkVerb('resolution'), backlinkVerb('decision')]).toEqual([
      'acked by',
      'resolved by',
      'cited by'
    ])
  })
})
