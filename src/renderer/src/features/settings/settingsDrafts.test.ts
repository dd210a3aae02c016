import { describe, expect, it } from 'vitest'
import { checkLimits, checkRetention, readNumber } from './settingsDrafts'
import { EditableSettings } from '../../../../shared/contract'

const good = { memoryCharLimit: '4000', userCharLimit: ' 2000 ', contextFileMaxChars: '', recallK: '0' }

describe('settings drafts', () => {
  it('turns valid text into a nested patch; an empty context cap means null (scale with the model)', () => {
    expect(checkLimits(good)).toEqual({
      patch: {
        memory: { memoryCharLimit: 4000, userCharLimit: 2000 },
        context_file_max_chars: null,
        recall: { k: 0 }
      },
      errors: {}
    })
    expect(checkLimits({ ...good, contextFileMaxChars: '30000' }).patch?.context_file_max_chars).toBe(30000)
  })

  it('refuses out-of-bounds or unreadable text with a message on that field only', () => {
    const checked = checkLimits({
      ...good,
      memoryCharLimit: '-5',
      recallK: '51',
      contextFileMaxChars: '1,000'
    })
    expect(checked.patch).toBeNull()
    expect(Object.keys(checked.errors).sort()).toEqual(['contextFileMaxChars', 'memoryCharLimit', 'recallK'])
    expect(checked.errors.recallK).toContain('0 to 50')
    expect(checkLimits({ ...good, userCharLimit: '' }).errors.userCharLimit).toContain('1 or more')
  })

  it('checks idle minutes and the smallest chat read on quit: 0 allowed, negative and fractions refused', () => {
    expect(checkRetention({ idleMinutes: '0', minChars: '0' })).toEqual({
      patch: { retention: { idleMinutes: 0, minChars: 0 } },
      errors: {}
    })
    for (const text of ['-1', '2.5', 'soon', '']) {
      expect(checkRetention({ idleMinutes: text, minChars: '60' }).patch).toBeNull()
      expect(checkRetention({ idleMinutes: '30', minChars: text }).errors.minChars).toContain(
        '0 to 1,000,000'
      )
    }
  })

  it('reads numbers with the contract schema', () => {
    const k = EditableSettings.shape.recall.shape.k
    expect([readNumber('50', k), readNumber('+7', k), readNumber('1e3', k), readNumber(' 3 ', k)]).toEqual([
      50,
      7,
      undefined,
      3
    ])
  })
})
