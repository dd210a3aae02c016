/**
 * Normalises a user file for the prompt: drops a leading BOM (an encoding mark, not content)
 * and turns CRLF / lone CR into LF, so a file saved on Windows yields the same bytes (and the
 * same cache prefix) as the one saved on macOS.
 */
export function normalizeText(text: string): string {
  const withoutBom = text.startsWith('\uFEFF') ? text.slice(1) : text
  return withoutBom.includes('\r') ? withoutBom.replace(/\r\n?/g, '\n') : withoutBom
}

/**
 * Removes a leading YAML frontmatter block (`---` … `---`). An unclosed block leaves the text
 * unchanged, and so does a block with nothing after it (the file would otherwise vanish).
 */
export function stripFrontmatter(text: string): string {
  if (!text.startsWith('---')) return text
  const end = text.indexOf('\n---', 3)
  if (end === -1) return text
  const body = text.slice(end + 4).replace(/^\n+/, '')
  return body.trim() === '' ? text : body
}

/** "1,234": figures in prompt headers use thousands separators independent of the locale. */
export function formatCount(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
