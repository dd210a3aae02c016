/** One run of a snippet: plain text, or a matched word. */
export interface SnippetPart {
  readonly text: string
  readonly hit: boolean
}

const WINDOW = 240
const ASCII = /^[\x00-\x7f]*$/
const LEAD = 80

/**
 * Lower-cased with diacritics removed, one output code unit per input code unit, so an offset
 * found in the folded text is the same offset in the original.
 */
export function fold(text: string): string {
  // Most text is ASCII: lower-casing it keeps every offset, and costs one call instead of one per character.
  if (ASCII.test(text)) return text.toLowerCase()
  let out = ''
  for (const ch of text) {
    const bare = ch.normalize('NFD').replace(/\p{M}/gu, '')
    const lower = bare.toLowerCase()
    out += lower.length === ch.length ? lower : ch.toLowerCase().length === ch.length ? ch.toLowerCase() : ch
  }
  return out
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A matcher for the words a search looked for: each word or stem at the start of a word (the
 * rest of the word matches too, so "deploy" marks "deploying"), and each partial word anywhere.
 */
export function hitPattern(words: readonly string[], partials: readonly string[]): RegExp | null {
  const whole = [...new Set(words.map(fold).filter((word) => word.length > 0))].sort(
    (a, b) => b.length - a.length
  )
  const parts = [...new Set(partials.map(fold).filter((word) => word.length > 0))].sort(
    (a, b) => b.length - a.length
  )
  const alternatives: string[] = []
  if (whole.length > 0)
    alternatives.push(`(?<![\\p{L}\\p{N}])(?:${whole.map(escape).join('|')})[\\p{L}\\p{N}]*`)
  if (parts.length > 0) alternatives.push(`(?:${parts.map(escape).join('|')})`)
  return alternatives.length === 0 ? null : new RegExp(alternatives.join('|'), 'gu')
}

/** The text around the first hit, cut into plain and matched runs, whitespace collapsed. */
export function snippetParts(text: string, pattern: RegExp | null): SnippetPart[] {
  const folded = fold(text)
  const hits: [number, number][] = []
  if (pattern) {
    pattern.lastIndex = 0
    for (const match of folded.matchAll(pattern)) {
      if (match[0].length === 0) continue
      hits.push([match.index, match.index + match[0].length])
      if (hits.length > 64) break
    }
  }
  const first = hits[0]?.[0] ?? 0
  let start = Math.max(0, first - LEAD)
  if (start > 0) {
    const space = text.indexOf(' ', start)
    if (space !== -1 && space < first) start = space + 1
  }
  const end = Math.min(text.length, start + WINDOW)
  const parts: SnippetPart[] = []
  const push = (from: number, to: number, hit: boolean): void => {
    if (to <= from) return
    const piece = text.slice(from, to).replace(/\s+/g, ' ')
    if (piece !== '') parts.push({ text: piece, hit })
  }
  let at = start
  for (const [from, to] of hits) {
    if (to <= at || from >= end) continue
    push(at, Math.max(at, from), false)
    push(Math.max(at, from), Math.min(to, end), true)
    at = Math.min(to, end)
  }
  push(at, end, false)
  if (start > 0) parts.unshift({ text: '…', hit: false })
  if (end < text.length) parts.push({ text: '…', hit: false })
  return parts
}

/** The runs as one line of plain text, matched words between `[` and `]`. */
export function snippetText(parts: readonly SnippetPart[]): string {
  return parts
    .map((part) => (part.hit ? `[${part.text}]` : part.text))
    .join('')
    .trim()
}
