import { neutraliseFenceTags } from '../../domain/prompt/fenceText'

/** Fence tags the engine always filters, whatever providers are registered. */
export const DEFAULT_FENCE_TAGS: readonly string[] = ['memory-context', 'nexus-context']

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Matches `<tag>`, `</tag>`, `< / TAG >`, `</tag x="1">` … for any of the given tags. */
function tagPattern(tags: readonly string[], flags: string): RegExp {
  const names = tags.map(escapeRegExp).join('|')
  return new RegExp(`<\\s*(/?)\\s*(?:${names})(?:\\s[^<>]*)?\\s*/?\\s*>`, flags)
}

/**
 * Removes per-turn context fences from streamed model output. The model sometimes echoes
 * `<memory-context>…</memory-context>` back; the user must never see it and it must never be
 * stored. Spans are removed whole, stray tags alone, and a tag split across two deltas is held
 * back until it can be decided. An opening tag that is never closed only loses the tag: its
 * text is released at `flush()` so a reply is never silently swallowed.
 */
export class FenceFilter {
  private readonly pattern: RegExp
  private readonly longestTag: number
  private pending = ''
  private inside = false
  private heldInside = ''

  constructor(tags: readonly string[] = DEFAULT_FENCE_TAGS) {
    const unique = [...new Set([...DEFAULT_FENCE_TAGS, ...tags])]
    this.pattern = tagPattern(unique, 'i')
    this.longestTag = Math.max(...unique.map((tag) => tag.length)) + 128
  }

  /** Feeds one delta; returns the text that is safe to show now. */
  push(delta: string): string {
    this.pending += delta
    let visible = ''
    for (;;) {
      const match = this.pattern.exec(this.pending)
      if (!match) break
      const before = this.pending.slice(0, match.index)
      const closing = match[1] === '/'
      if (this.inside) {
        this.heldInside += before
        if (closing) {
          this.inside = false
          this.heldInside = ''
        }
      } else {
        visible += before
        if (!closing) this.inside = true
      }
      this.pending = this.pending.slice(match.index + match[0].length)
    }
    const keep = this.undecidedSuffixStart(this.pending)
    const decided = this.pending.slice(0, keep)
    this.pending = this.pending.slice(keep)
    if (this.inside) this.heldInside += decided
    else visible += decided
    return visible
  }

  /** Ends the stream: releases held text (an unclosed fence's body included, minus the tag). */
  flush(): string {
    const rest = this.heldInside + this.pending
    this.pending = ''
    this.heldInside = ''
    this.inside = false
    return rest
  }

  /** Index where a possibly incomplete tag starts (a `<` near the end with no `>` after it). */
  private undecidedSuffixStart(text: string): number {
    const lastOpen = text.lastIndexOf('<')
    if (lastOpen === -1 || text.indexOf('>', lastOpen) !== -1) return text.length
    if (text.length - lastOpen > this.longestTag) return text.length
    return lastOpen
  }
}

/** Filters a whole text at once (stored replies, recalled text). */
export function stripFences(text: string, tags: readonly string[] = DEFAULT_FENCE_TAGS): string {
  const filter = new FenceFilter(tags)
  return filter.push(text) + filter.flush()
}

/**
 * Makes a provider's block safe to append: exactly one opening and one closing tag (the
 * provider's own), and every fence-like tag inside made inert (`&lt;/memory-context x="1"&gt;`),
 * so stored text can neither close the fence early nor open another one.
 */
export function sanitizeFenceBlock(text: string, fenceTag: string): string {
  let inner = text.trim()
  const open = `<${fenceTag}>`
  const close = `</${fenceTag}>`
  if (inner.startsWith(open)) inner = inner.slice(open.length)
  if (inner.endsWith(close)) inner = inner.slice(0, -close.length)
  return `${open}\n${neutraliseFenceTags(inner).trim()}\n${close}`
}
