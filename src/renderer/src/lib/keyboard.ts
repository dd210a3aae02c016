/** True when a key press belongs to a text field (inputs, editors), not to a page shortcut. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.closest('.monaco-editor') !== null
  )
}

/** The parts of a key event (React's or the DOM's) that tell an Enter that sends from one that does not. */
export interface EnterKeyEvent {
  readonly key: string
  readonly shiftKey: boolean
  readonly nativeEvent?: { readonly isComposing?: boolean; readonly keyCode?: number }
  readonly isComposing?: boolean
  readonly keyCode?: number
}

/**
 * True for an Enter that should send or save: not Shift+Enter (a new line), and not the Enter
 * that confirms an input method's composition (Japanese, Chinese, Korean…), which browsers mark
 * with `isComposing` or, in Safari and older Chromium, the key code 229.
 */
export function isSubmitEnter(event: EnterKeyEvent): boolean {
  if (event.key !== 'Enter' || event.shiftKey) return false
  const composing =
    event.isComposing === true ||
    event.nativeEvent?.isComposing === true ||
    event.keyCode === 229 ||
    event.nativeEvent?.keyCode === 229
  return !composing
}
