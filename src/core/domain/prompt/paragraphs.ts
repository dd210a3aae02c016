/** One paragraph of a text: its lines, and where they sit in the whole text. */
export interface Paragraph {
  readonly text: string
  /** 1-based line of the paragraph's first line in the whole text. */
  readonly firstLine: number
  /** 1-based line of its last line. */
  readonly lastLine: number
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/

/**
 * Splits a markdown text at blank lines. A fenced code block stays in the paragraph it opens in,
 * blank lines and all, so withholding a paragraph never leaves half a fence behind.
 */
export function splitParagraphs(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = []
  let lines: string[] = []
  let first = 0
  let fence: string | null = null
  const close = (): void => {
    if (lines.length > 0)
      paragraphs.push({ text: lines.join('\n'), firstLine: first, lastLine: first + lines.length - 1 })
    lines = []
  }
  text.split('\n').forEach((line, index) => {
    const marker = FENCE.exec(line)?.[1] ?? null
    if (fence === null && line.trim() === '') {
      close()
      return
    }
    if (lines.length === 0) first = index + 1
    lines.push(line)
    if (marker === null) return
    if (fence === null) fence = marker
    else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null
  })
  close()
  return paragraphs
}

/** The paragraph holding a 1-based line, or -1 (a blank line between paragraphs). */
export function paragraphAt(paragraphs: readonly Paragraph[], line: number): number {
  return paragraphs.findIndex((p) => line >= p.firstLine && line <= p.lastLine)
}
