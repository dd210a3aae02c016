/**
 * Escaping for text rendered inside a per-turn fence (`<memory-context>`, `<nexus-context>`, …).
 * Recalled facts and other agents' Nexus entries are data that someone once wrote; inside a fence
 * they must stay data. Each field is rendered on ONE line, so it can neither start a line that
 * looks like the fence's own structure (an entry header, a note) nor close the fence early.
 */

/** Every kind of line break, including the Unicode separators a model also reads as new lines. */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g
/** Zero-width and bidi controls: invisible to a reader, and able to split a tag name. */
const INVISIBLE_FORMAT = /\p{Cf}/gu
const OPEN = '<\\uFF1C\\uFE64'
const CLOSE = '>\\uFF1E\\uFE65'
/**
 * A tag whose name contains "context", opening or closing, in any case, with any spacing
 * (escaped line breaks included), attributes or fullwidth brackets: `</memory-context x="1">`,
 * `< / Nexus-Context >`, `<memory-context` with no end at all.
 */
const FENCE_LIKE_TAG = new RegExp(
  `[${OPEN}](?:\\s|\\\\n)*\\/?(?:\\s|\\\\n)*[\\p{L}\\p{N}_.:-]*context[^${OPEN}${CLOSE}]{0,512}[${CLOSE}]?`,
  'giu'
)
/** Brackets that open one of the fences' own notes, or a forged Nexus entry header `[#999 decision ·`. */
const NOTE_OPENER = /\[(?=\s*(?:system\s*note|hearth\s*(?:recall|nexus)|#\s*\d+\s+[\p{L}_-]+\s*·))/giu

function neutraliseTag(tag: string): string {
  const inner = tag.slice(1)
  const closed = new RegExp(`[${CLOSE}]$`, 'u').test(inner)
  return `&lt;${closed ? `${inner.slice(0, -1)}&gt;` : inner}`
}

/**
 * Makes fence-like tags inert (`&lt;/memory-context x="1"&gt;`), keeping the words. The chat
 * engine applies this to a whole provider block, whose own note and header lines must survive.
 */
export function neutraliseFenceTags(text: string): string {
  return text.replace(INVISIBLE_FORMAT, '').replace(FENCE_LIKE_TAG, neutraliseTag)
}

/**
 * Makes fence-like tags and note openers inert (`&lt;/memory-context&gt;`, `(System note: …`)
 * while keeping the words, so nothing the user wrote is silently dropped. Line breaks stay.
 */
export function neutraliseFenceMarkup(text: string): string {
  return neutraliseFenceTags(text).replace(NOTE_OPENER, '(')
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
