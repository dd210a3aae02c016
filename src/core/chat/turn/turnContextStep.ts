import { createHash } from 'node:crypto'
import type { TurnContextBlock, TurnContextProvider, TurnContextRequest } from '../../ports/turnContext'
import type { Logger } from '../../ports/logger'
import type { RequestRecipe } from '../store/callRepository'
import { DEFAULT_FENCE_TAGS, sanitizeFenceBlock } from './fenceFilter'

export interface GatheredContext {
  /** Per provider, in registration order (null when it added nothing or failed). */
  readonly blocks: readonly (TurnContextBlock | null)[]
  /** The sanitised fenced texts appended to the current user message. */
  readonly texts: readonly string[]
  /** What the call record keeps of each block: provider, size, hash, the exact text and its detail. */
  readonly summary: RequestRecipe['context']
  /** Every fence tag to filter out of the streamed reply. */
  readonly fenceTags: readonly string[]
}

/**
 * Asks every provider once per user turn. A provider that throws adds nothing: recall being
 * down must never stop the user from chatting. Each block is re-fenced so recalled text that
 * contains a fence tag cannot break out of its fence.
 */
export async function gatherTurnContext(
  providers: readonly TurnContextProvider[],
  request: TurnContextRequest,
  log: Logger
): Promise<GatheredContext> {
  const blocks = await Promise.all(
    providers.map(async (provider) => {
      try {
        return await provider.provide(request)
      } catch (error) {
        log.warn(`turn-context provider "${provider.id}" failed; the turn goes on without its block`, {
          error,
          sessionId: request.sessionId,
          turnId: request.turnId
        })
        return null
      }
    })
  )
  const present = blocks.filter(
    (block): block is TurnContextBlock => block !== null && block.text.trim().length > 0
  )
  const fenceTags = [...new Set([...DEFAULT_FENCE_TAGS, ...present.map((block) => block.fenceTag)])]
  const texts = present.map((block) => sanitizeFenceBlock(block.text, block.fenceTag))
  const summary = present.map((block, i) => ({
    providerId: block.providerId,
    fenceTag: block.fenceTag,
    chars: texts[i]?.length ?? 0,
    sha256: createHash('sha256')
      .update(texts[i] ?? '')
      .digest('hex'),
    text: texts[i] ?? '',
    ...(block.detail !== undefined ? { detail: block.detail } : {})
  }))
  return { blocks, texts, summary, fenceTags }
}

/** Lets providers advance their cursors after a turn that completed. */
export function notifyTurnCompleted(
  providers: readonly TurnContextProvider[],
  request: TurnContextRequest,
  blocks: readonly (TurnContextBlock | null)[],
  log: Logger
): void {
  providers.forEach((provider, i) => {
    try {
      provider.onTurnCompleted?.(request, blocks[i] ?? null)
    } catch (error) {
      // A provider's bookkeeping failing must not turn a finished turn into an error.
      log.warn(`turn-context provider "${provider.id}" failed after the turn`, {
        error,
        sessionId: request.sessionId,
        turnId: request.turnId
      })
    }
  })
}
