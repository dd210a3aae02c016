const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * The first character of a name as a person sees it: a whole emoji (with its skin tone, flag pair
 * or joined family) or a letter with its accents, never half of a surrogate pair.
 */
export function firstGrapheme(text: string): string {
  const first = segmenter.segment(text.trim())[Symbol.iterator]().next()
  return first.done ? '' : first.value.segment
}

/** The avatar letter of a name: its first character, upper-cased when it is a letter. */
export function avatarInitial(name: string): string {
  const first = firstGrapheme(name)
  return first === '' ? '?' : first.toLocaleUpperCase()
}
