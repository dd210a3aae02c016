import type { KnowledgeKind } from '../../shared/contract/knowledge'

/** Kinds whose text is a markdown file's: their snippets are read as plain text. */
const MARKDOWN_KINDS: ReadonlySet<KnowledgeKind> = new Set([
  'wiki',
  'memory_file',
  'memory_entry',
  'user_entry',
  'project_state',
  'skill'
])

export function isMarkdownKind(kind: KnowledgeKind): boolean {
  return MARKDOWN_KINDS.has(kind)
}

/**
 * Markdown as a reader sees it rendered, for a snippet: of the front matter only its
 * `description` (a skill's or memory file's one sentence), no code fences, comments,
 * heading or list marks; `[[page|label]]` and `[label](url)` as their label; emphasis and code
 * marks dropped (an underscore inside a word, as in `snake_case`, is kept). A heading ends with a
 * full stop when it has no punctuation of its own, so it does not run into the line after it.
 */
export function plainMarkdown(markdown: string): string {
  const front = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown)
  const body = (front ? markdown.slice(front[0].length) : markdown).replace(/<!--[\s\S]*?-->/g, '')
  const lines: string[] = []
  const description = /^description:[ \t]*(.+)$/m.exec(front?.[1] ?? '')?.[1]?.trim()
  if (description) lines.push(description.replace(/^(["'])(.*)\1$/, '$2'))
  for (const raw of body.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(raw) || /^\s*([-*_])(\s*\1){2,}\s*$/.test(raw)) continue
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(raw)
    let line = heading
      ? (heading[1] ?? '')
      : raw.replace(/^\s*(?:>\s?)+/, '').replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, '')
    line = inline(line).trim()
    if (line === '') continue
    if (heading && !/[.!?:;…]$/.test(line)) line += '.'
    lines.push(line)
  }
  return lines.join('\n')
}

function inline(text: string): string {
  return text
    .replace(/\[\[([^\]|]*)\|([^\]]*)\]\]/g, '$2')
    .replace(/\[\[([^\]]*)\]\]/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([^*]*?\S)\1(?![\p{L}\p{N}])/gu, '$2')
    .replace(/(^|[^\p{L}\p{N}*])\*(?=\S)([^*]*?\S)\*(?![\p{L}\p{N}*])/gu, '$1$2')
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/~~(?=\S)([^~]*?\S)~~/g, '$1')
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
}
