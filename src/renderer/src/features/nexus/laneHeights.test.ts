import { describe, expect, it } from 'vitest'
import type { NexusEntry } from '../../../../shared/contract'
import { sampleNexusEntry } from '../../testing/nexusEntries'
import { estimateCardPx, estimateRowPx } from './laneHeights'
import { buildLanes } from './lanes'

const START = Date.UTC(2026, 0, 5, 9, 0, 0)
const none = (): number => 0

function entry(seq: number, agent: string, summary: string, fields: Partial<NexusEntry> = {}): NexusEntry {
  return sampleNexusEntry(seq, { ts: START + seq * 1000, agent, summary, ...fields })
}

describe("a lane band's height before it is measured", () => {
  it('grows a card with its wrapped summary, its rationale, its chips and who it awaits', () => {
    const short = entry(1, 'ella', 'Parser done')
    const long = entry(2, 'ella', 'x'.repeat(100))
    // Sizes measured in the app at the lanes' column width: one summary line 87 px, four 150
    expect(estimateCardPx(short, 0, 0)).toBe(87)
    expect(estimateCardPx(long, 0, 0)).toBe(150)
    const decision = entry(3, 'ella', 'x'.repeat(95), { type: 'decision', rationale: 'y'.repeat(100) })
    expect(estimateCardPx(decision, 0, 0)).toBeGreaterThan(
      estimateCardPx(entry(4, 'ella', 'x'.repeat(95)), 0, 0)
    )
    expect(estimateCardPx(decision, 2, 5)).toBe(estimateCardPx(decision, 0, 0) + 2 * 24 + 73)
  })

  it('stacks the cells of a band whose columns go back left, each line as tall as its tallest card', () => {
    // ella, lyra, then milo in a column right of lyra: one line; ella again would start a new band.
    const oneLine = buildLanes(
      [entry(1, 'ella', 'Parser done'), entry(2, 'lyra', 'x'.repeat(100)), entry(3, 'milo', 'ok')],
      []
    )
    expect(oneLine.rows).toHaveLength(1)
    const [row] = oneLine.rows
    if (!row) throw new Error('no row')
    expect(estimateRowPx(row, oneLine, none)).toBe(150 + 8)
    // milo first, then ella and lyra left of it: the grid places them on a second line.
    const lanes = buildLanes(
      [
        entry(1, 'ella', 'a'),
        entry(2, 'lyra', 'b'),
        entry(3, 'milo', 'c'),
        entry(60_000, 'milo', 'x'.repeat(100))
      ],
      []
    )
    const late = buildLanes(
      [
        ...lanes.rows.flatMap((r) => r.cells.map((c) => c.entry)),
        entry(60_001, 'ella', 'd'),
        entry(60_002, 'lyra', 'e')
      ],
      []
    )
    const last = late.rows.at(-1)
    if (!last) throw new Error('no row')
    expect(last.cells.map((cell) => cell.lane)).toEqual([2, 0, 1])
    expect(estimateRowPx(last, late, none)).toBe(150 + 8 + 87 + 8)
  })
})
