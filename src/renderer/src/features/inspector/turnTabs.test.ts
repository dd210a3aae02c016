import { describe, expect, it } from 'vitest'
import { turnTabs } from './TurnPicker'

describe('turnTabs', () => {
  it('gives every turn of a short chat a tab', () => {
    expect(turnTabs(3, 1)).toEqual([0, 1, 2])
    expect(turnTabs(15, 0)).toHaveLength(15)
  })

  it('gives a long chat the first, the last and the turns near the chosen one', () => {
    expect(turnTabs(1000, 500)).toEqual([0, 496, 497, 498, 499, 500, 501, 502, 503, 504, 999])
    expect(turnTabs(1000, 999)).toEqual([0, 995, 996, 997, 998, 999])
    expect(turnTabs(1000, 0)).toEqual([0, 1, 2, 3, 4, 999])
  })
})
