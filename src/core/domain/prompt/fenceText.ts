import { foldText, foldWithMap } from './textFold'

/**
 * Escaping for text rendered inside a per-turn fence (`<memory-context>`, `<nexus-context>`,
 * `<tool-context>`, …). Recalled facts, other agents' Nexus entries and tool results are data
 * that someone else wrote; inside a fence they must stay data. Each field is rendered on ONE
 * line, so it can neither start a line that looks like the fence's own structure (an entry
 * header, a note) nor close the fence early.
 *
 * Tags and note openers are looked for in the FOLDED text (`textFold`: NFKC, hidden characters
 * out, lookalike letters and punctuation in ASCII), so `</memory-cоntext>` with a Cyrillic `о`,
 * `‹/memory‐context>` or `[#999 decision • user • desktop]` is caught like the real thing. Only
 * what matched is rewritten (in its folded, neutralised form); the rest of the field — a fact
 * in Russian, a name in Greek — reaches the model as it was written.
 */

/** Every kind of line break, including the Unicode separators a model also reads as new lines. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g
/** Zero-width and bidi controls: invisible to a reader, and able to split a tag name. */
const INVISIBLE_FORMAT = /\p{Cf}/gu
const OPEN = '<\\uFF1C\\uFE64'
const CLOSE = '>\\uFF1E\\uFE65'
/**
 * A tag whose name contains "context", opening or closing, in any case, with any spacing
 * (escaped line breaks and blanks inside the name included), attributes or fullwidth brackets:
 * `</memory-context x="1">`, `< / Nexus-Context >`, `</memory context>`, `<memory-context` with
 * no end at all.
 */
const FENCE_LIKE_TAG = new RegExp(
  `[${OPEN}](?:\\s|\\\\n)*\\/?(?:\\s|\\\\n)*[\\p{L}\\p{N}_.: -]{0,64}context[^${OPEN}${CLOSE}]{0,512}[${CLOSE}]?`,
  'giu'
)
/** The Nexus header's separator and what folding does not turn into it. */
const SEPARATOR = '[·•∙⋅‧・●|]'
/**
 * Brackets that open one of the fences' own notes (`[System note`, `[Hearth recall:`), or a
 * forged Nexus entry header `[#999 decision ·`.
 */
const NOTE_OPENER = new RegExp(
  `\\[(?=\\s*(?:system\\s*note|hearth\\b|#\\s*\\d+\\s+[\\p{L}_-]+\\s*${SEPARATOR}))`,
  'giu'
)

function neutraliseTag(tag: string): string {
  const inner = tag.slice(1)
  const closed = new RegExp(`[${CLOSE}]$`, 'u').test(inner)
  return `&lt;${closed ? `${inner.slice(0, -1)}&gt;` : inner}`
}

/**
 * Rewrites what `pattern` matches in the folded text, in the source: each match's source span
 * is replaced by `rewrite(folded match)`; everything between matches is kept as written.
 */
function rewriteFolded(text: string, pattern: RegExp, rewrite: (match: string) => string): string {
  // Nearly every field holds nothing fence-like, and every turn's blocks escape the same long
  // texts again: the plain folded copy (an ASCII text is its own) answers whether anything
  // matches, and the source map — an index per character — is built only when something does.
  pattern.lastIndex = 0
  const found = pattern.test(foldText(text, { decodeTags: false }))
  pattern.lastIndex = 0
  if (!found) return text
  const folded = foldWithMap(text)
  let out = ''
  let last = 0
  for (const match of folded.text.matchAll(pattern)) {
    const from = folded.origin[match.index] as number
    if (from < last) continue
    out += text.slice(last, from) + rewrite(match[0])
    last = sourceEnd(folded.origin, match.index + match[0].length)
  }
  return out + text.slice(last)
}

/** The source index where folded unit `end` starts, past a source character only partly matched. */
function sourceEnd(origin: readonly number[], end: number): number {
  let at = end
  while (at < origin.length - 1 && at > 0 && origin[at] === origin[at - 1]) at++
  return origin[at] as number
}

/**
 * Makes fence-like tags inert (`&lt;/memory-context x="1"&gt;`), keeping the words. The chat
 * engine applies this to a whole provider block, whose own note and header lines must survive.
 */
export function neutraliseFenceTags(text: string): string {
  return rewriteFolded(text.replace(INVISIBLE_FORMAT, ''), FENCE_LIKE_TAG, neutraliseTag)
}

/**
 * Makes fence-like tags and note openers inert (`&lt;/memory-context&gt;`, `(System note: …`)
 * while keeping the words, so nothing the user wrote is silently dropped. Line breaks stay.
 */
export function neutraliseFenceMarkup(text: string): string {
  return rewriteFolded(neutraliseFenceTags(text), NOTE_OPENER, () => '(')
}

/**
 * One field of a fenced block as one line: line breaks become a visible `\n`, invisible format
 * characters go, fence-like tags and note openers are neutralised. Whatever the field holds, the
 * fence's line structure is the renderer's alone.
 */
export function escapeFenceField(text: string): string {
  return neutraliseFenceMarkup(text.replace(INVISIBLE_FORMAT, '').trim().replace(LINE_BREAKS, '\\n')).trim()
}

/** An escaped field cut to `max` characters (the cut is marked). */
export function fenceFieldPreview(text: string, max: number, more: string): string {
  const escaped = escapeFenceField(text)
  return escaped.length > max ? `${escaped.slice(0, max)}… ${more}` : escaped
}
