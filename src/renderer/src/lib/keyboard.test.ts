import { describe, expect, it } from 'vitest'
import { isSubmitEnter } from './keyboard'

describe('isSubmitEnter', () => {
  it('sends on a plain Enter', () => {
    expect(
      isSubmitEnter({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: false, keyCode: 13 } })
    ).toBe(true)
  })

  it('never sends on the Enter that confirms an IME composition (isComposing, or key code 229)', () => {
    expect(
      isSubmitEnter({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: true, keyCode: 13 } })
    ).toBe(false)
    expect(
      isSubmitEnter({ key: 'Enter', shiftKey: false, nativeEvent: { isComposing: false, keyCode: 229 } })
    ).toBe(false)
    expect(isSubmitEnter({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false)
    expect(isSubmitEnter({ key: 'Enter', shiftKey: false, keyCode: 229 })).toBe(false)
  })

  it('leaves Shift+Enter and other keys alone', () => {
    expect(isSubmitEnter({ key: 'Enter', shiftKey: true })).toBe(false)
    expect(isSubmitEnter({ key: 'a', shiftKey: false })).toBe(false)
  })
})
