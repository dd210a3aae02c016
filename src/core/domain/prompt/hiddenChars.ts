import { isHiddenChar, isTagChar } from './textFold'
import { BIDI_CONTROLS } from './threatPatterns'

/** A hidden character that is a finding on its own, with its 1-based line. */
export interface HiddenHit {
  readonly id: string
  readonly line: number
}

/** Tag characters smuggle invisible ASCII text; one finding for all of them in a text. */
export const TAG_TEXT_ID = 'invisible_unicode_tags'

const BIDI = new Set(BIDI_CONTROLS)
/** A subdivision flag (🏴 + tag letters + cancel tag): the tag block's one ordinary use. */
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu
const SOFT_HYPHEN = 0xad
const ASCII_WORD = /^[A-Za-z0-9]$/
const SCRIPT_LETTER = /^[^\x00-\x7f]$/u
const LETTER = /^\p{L}$/u
/**
 * Zero-width space, word joiner, invisible operators and a BOM inside the text: no use in prose
 * but line-breaking hints in scripts without spaces (Thai, Khmer), so a finding unless they sit
 * next to a letter of such a script.
 */
const SUSPECT = new Set([0x200b, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff])

/**
 * Hidden characters that hide something. Every hidden character is removed before the patterns
 * run, so one that splits a key word cannot hide the phrase; these are findings of their own:
 *
 * - bidi overrides and isolates anywhere (they reorder what a reader sees);
 * - tag characters outside a flag emoji (invisible text a model may read);
 * - a zero-width space, word joiner, invisible operator or inner BOM, unless next to a letter
 *   of a script that uses them as line-breaking hints;
 * - any other hidden character between two Latin letters or digits, where it has no use but to
 *   split a word. A soft hyphen there is a hyphenation hint, and a joiner between emoji, a
 *   non-joiner in Persian or a variation selector after a symbol are ordinary text.
 */
export function findHiddenCharacters(raw: string): HiddenHit[] {
  const flagSequences = tagSequenceRanges(raw)
  const seen = new Set<string>()
  const hits: HiddenHit[] = []
  let line = 1
  for (let i = 0; i < raw.length; i++) {
    const at = i
    const code = raw.codePointAt(at) as number
    if (code === 10) line++
    if (code > 0xffff) i++
    if (code < 0x80 || !isHiddenChar(code)) continue
    const id = hiddenFindingId(raw, at, code, flagSequences)
    if (id === null || seen.has(id)) continue
    seen.add(id)
    hits.push({ id, line })
  }
  return hits
}

function hiddenFindingId(
  raw: string,
  index: number,
  code: number,
  flagSequences: readonly (readonly [number, number])[]
): string | null {
  if (BIDI.has(code)) return invisibleId(code)
  if (isTagChar(code))
    return flagSequences.some(([from, to]) => index >= from && index < to) ? null : TAG_TEXT_ID
  if (code === SOFT_HYPHEN || (code === 0xfeff && index === 0)) return null
  const end = index + (code > 0xffff ? 2 : 1)
  if (SUSPECT.has(code)) return nextToScriptLetter(raw, index, end) ? null : invisibleId(code)
  return splitsWord(raw, index, end) ? invisibleId(code) : null
}

/** Whether a visible neighbour is a letter outside ASCII (a script that may need the character). */
function nextToScriptLetter(raw: string, start: number, end: number): boolean {
  return [visibleNeighbour(raw, start - 1, -1), visibleNeighbour(raw, end, 1)].some(
    (char) => SCRIPT_LETTER.test(char) && LETTER.test(char)
  )
}

/** Whether the nearest visible characters on both sides (same line) are ASCII letters or digits. */
function splitsWord(raw: string, start: number, end: number): boolean {
  return (
    ASCII_WORD.test(visibleNeighbour(raw, start - 1, -1)) && ASCII_WORD.test(visibleNeighbour(raw, end, 1))
  )
}

function visibleNeighbour(raw: string, from: number, step: 1 | -1): string {
  let i = from
  while (i >= 0 && i < raw.length) {
    const unit = raw.charCodeAt(i)
    if (unit === 10) return ''
    const isLow = unit >= 0xdc00 && unit <= 0xdfff
    const at = isLow && step === -1 ? i - 1 : i
    const code = raw.codePointAt(at) as number
    if (!isHiddenChar(code)) return String.fromCodePoint(code)
    i = step === 1 ? at + (code > 0xffff ? 2 : 1) : at - 1
  }
  return ''
}

function tagSequenceRanges(raw: string): (readonly [number, number])[] {
  if (!/[\u{E0000}-\u{E007F}]/u.test(raw)) return []
  return [...raw.matchAll(EMOJI_TAG_SEQUENCE)].map(
    (match) => [match.index, match.index + match[0].length] as const
  )
}

/** `invisible_unicode_U+200B`-style id for a code point. */
export function invisibleId(code: number): string {
  return `invisible_unicode_U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}
