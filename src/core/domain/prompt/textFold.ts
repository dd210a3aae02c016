import { homoglyphOf } from './homoglyphs'

/**
 * Folding: the text as the scanner and the fences read it. Models read through the tricks a
 * pattern would stumble on — characters that render as nothing, compatibility forms, accents,
 * and letters of another script that look Latin — so the scanner and the fence escaping look at
 * a folded copy: invisible and format characters removed (blank-rendering fillers become a
 * space), NFKC, combining marks dropped, lookalikes folded to ASCII. Line breaks are kept where
 * they are, so a finding in the folded copy is on the same line as in the original.
 *
 * The folded copy is only ever read, never sent: text in other languages reaches the model as
 * it was written.
 */

/** Zero-width and format characters outside the `Cf` category (the category itself is matched by `\p{Cf}`). */
const ZERO_WIDTH_EXTRA = /[\u034f\u17b4\u17b5\u180b-\u180d\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u
/** Characters that render as an empty space of their own (Hangul fillers, the blank braille cell). */
const BLANK = /[\u115f\u1160\u3164\uffa0\u2800]/u
const FORMAT = /\p{Cf}/u
const MARKS = /\p{M}/gu
const TAG_FIRST = 0xe0000
const TAG_LAST = 0xe007f

/** Whether a code point is removed by folding (it renders as nothing, or as blank space). */
export function isHiddenChar(code: number): boolean {
  const char = String.fromCodePoint(code)
  return FORMAT.test(char) || ZERO_WIDTH_EXTRA.test(char) || BLANK.test(char) || isTagChar(code)
}

/** The tag block (U+E0000–E007F): invisible copies of ASCII that a model may still read. */
export function isTagChar(code: number): boolean {
  return code >= TAG_FIRST && code <= TAG_LAST
}

export interface FoldOptions {
  /**
   * Tag characters become the ASCII they encode (the scanner reads smuggled text in place), or
   * are dropped (the fences: they only look for structure).
   */
  readonly decodeTags: boolean
}

const cache = new Map<number, string>()

/** One code point folded (never a line break: those are kept by the caller). */
function foldCodePoint(code: number, options: FoldOptions): string {
  if (isTagChar(code))
    return options.decodeTags && code >= 0xe0020 && code < 0xe007f
      ? String.fromCharCode(code - TAG_FIRST)
      : ''
  const cached = cache.get(code)
  if (cached !== undefined) return cached
  const folded = computeFold(code)
  cache.set(code, folded)
  return folded
}

function computeFold(code: number): string {
  const char = String.fromCodePoint(code)
  if (BLANK.test(char)) return ' '
  if (FORMAT.test(char) || ZERO_WIDTH_EXTRA.test(char)) return ''
  const direct = homoglyphOf(code)
  if (direct !== undefined) return direct
  const plain = char.normalize('NFKC').normalize('NFD').replace(MARKS, '')
  let out = ''
  for (const part of plain) {
    const point = part.codePointAt(0) as number
    out += point < 0x80 ? part : (homoglyphOf(point) ?? part)
  }
  return out
}

const ASCII_ONLY = /^[\x00-\x7f]*$/
const NON_ASCII = /[^\x00-\x7f]/gu

/** The folded copy of a text (line breaks where they were). ASCII text is returned as it is. */
export function foldText(text: string, options: FoldOptions = { decodeTags: true }): string {
  if (ASCII_ONLY.test(text)) return text
  return text.replace(NON_ASCII, (char) => foldCodePoint(char.codePointAt(0) as number, options))
}

/** A folded copy with, for each of its UTF-16 units, the index of the source unit it came from. */
export interface FoldMap {
  readonly text: string
  /** `origin[i]` is where folded unit `i` starts in the source; `origin[text.length]` is the source's length. */
  readonly origin: readonly number[]
}

/** Like `foldText`, keeping where each folded unit came from (the fences rewrite source spans). */
export function foldWithMap(text: string, options: FoldOptions = { decodeTags: false }): FoldMap {
  const origin: number[] = []
  let out = ''
  let index = 0
  for (const char of text) {
    const code = char.codePointAt(0) as number
    const folded = code < 0x80 ? char : foldCodePoint(code, options)
    for (let i = 0; i < folded.length; i++) origin.push(index)
    out += folded
    index += char.length
  }
  origin.push(index)
  return { text: out, origin }
}
