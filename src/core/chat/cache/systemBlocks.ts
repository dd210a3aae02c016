import type { Tier } from '../../ports/promptBuilder'
import type { PromptReport } from '../chatTypes'

/** One `system` text block of a request: a tier of the stored prompt (or the whole prompt). */
export interface SystemBlock {
  /** The tier the block starts with; null when the prompt could not be split (sent whole). */
  readonly tier: Tier | null
  readonly text: string
}

const TIER_ORDER: readonly Tier[] = ['stable', 'context', 'volatile']

/**
 * Cuts the stored system prompt into one block per tier, so a cache breakpoint can sit after the
 * stable tier: tools + stable tier are then a prefix every session of the agent shares, while the
 * context and volatile tiers (per project, per session) come after it.
 *
 * The blank line that joins two tiers travels at the end of the earlier block, so the blocks
 * concatenated are exactly the stored bytes — the prompt the user saw is the prompt the model
 * gets. A report whose offsets do not tile the text (an old row, a hand-made prompt) gives one
 * block with the whole text rather than a guess.
 */
export function systemBlocks(
  text: string,
  report: Pick<PromptReport, 'tierOffsets'> | undefined
): SystemBlock[] {
  if (text.length === 0) return []
  const starts = TIER_ORDER.flatMap((tier) => {
    const span = report?.tierOffsets[tier]
    return span ? [{ tier, start: span[0], end: span[1] }] : []
  })
  if (!tilesText(starts, text.length)) return [{ tier: null, text }]
  return starts.map((span, i) => ({
    tier: span.tier,
    text: text.slice(span.start, starts[i + 1]?.start ?? text.length)
  }))
}

/** True when the spans start at 0, follow each other in order without overlap, and end at the text's end. */
function tilesText(spans: readonly { start: number; end: number }[], length: number): boolean {
  if (spans.length === 0 || spans[0]?.start !== 0 || spans.at(-1)?.end !== length) return false
  return spans.every((span, i) => {
    const next = spans[i + 1]
    return span.start < span.end && (next === undefined || span.end <= next.start)
  })
}

/** The system text the model receives: the blocks joined with nothing between them. */
export function joinSystemBlocks(blocks: readonly { readonly text: string }[]): string {
  return blocks.map((block) => block.text).join('')
}
