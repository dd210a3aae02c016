import type { MessageId } from '../../../shared/contract'
import { estimateTokens } from '../../../shared/util/tokens'
import type { TtlPlan } from '../../domain/cache/ttlPolicy'
import type { CacheTtl, ContentBlock, MessageRole, StoredMessage, TextBlock, ToolParam } from '../chatTypes'
import type { SystemBlock } from '../cache/systemBlocks'

/** A message as it goes on the wire, remembering which stored rows it came from. */
export interface WireMessage {
  readonly role: MessageRole
  readonly content: readonly ContentBlock[]
  /** Stored message ids merged into this wire message, in order. */
  readonly sourceIds: readonly MessageId[]
  /** Count of trailing blocks that are per-turn context (never carry a cache marker). */
  readonly contextBlocks: number
}

export interface TurnContextText {
  readonly messageId: MessageId
  readonly texts: readonly string[]
}

/**
 * Turns the stored transcript into the `messages` array. Deterministic: the same rows always
 * give the same bytes, so the prefix the cache wrote last turn is found again.
 * - the in-context checkpoint (compression summary) comes first, then the rest by id;
 * - replies that did not complete keep only their non-empty text (an unanswered tool_use
 *   would be rejected), and a reply whose tool calls got no results loses those calls;
 * - consecutive messages of one role are merged (a failed turn leaves two user messages);
 * - per-turn context is appended to the current user message only, as trailing text blocks.
 */
export function buildWireMessages(
  messages: readonly StoredMessage[],
  context: TurnContextText | null
): WireMessage[] {
  const inContext = messages.filter((m) => m.inContext)
  const ordered = [
    ...inContext.filter((m) => m.kind === 'checkpoint'),
    ...inContext.filter((m) => m.kind !== 'checkpoint')
  ]
  const wire: WireMessage[] = []
  ordered.forEach((message, index) => {
    const next = ordered[index + 1]
    const content = sendableContent(message, next)
    if (content.length === 0) return
    const extra =
      context && context.messageId === message.id
        ? context.texts.map((text): TextBlock => ({ type: 'text', text }))
        : []
    const previous = wire.at(-1)
    if (previous && previous.role === message.role) {
      wire[wire.length - 1] = {
        role: message.role,
        content: [...previous.content, ...content, ...extra],
        sourceIds: [...previous.sourceIds, message.id],
        contextBlocks: extra.length
      }
      return
    }
    if (!previous && message.role === 'assistant') return
    wire.push({
      role: message.role,
      content: [...content, ...extra],
      sourceIds: [message.id],
      contextBlocks: extra.length
    })
  })
  return wire
}

function sendableContent(message: StoredMessage, next: StoredMessage | undefined): readonly ContentBlock[] {
  const nonEmpty = message.content.filter((block) => block.type !== 'text' || block.text.length > 0)
  if (message.role === 'user') return nonEmpty
  const answered = message.status === 'complete' && next?.kind === 'tool_results'
  return nonEmpty.filter((block) => block.type === 'text' || (block.type === 'tool_use' && answered))
}

export interface CacheControl {
  readonly type: 'ephemeral'
  readonly ttl?: '1h'
}

export type { TtlPlan } from '../../domain/cache/ttlPolicy'

/** The request body pieces the SDK receives, with cache markers placed. */
export interface MarkedRequest {
  readonly tools: readonly (ToolParam & { cache_control?: CacheControl })[]
  readonly system: readonly { type: 'text'; text: string; cache_control?: CacheControl }[]
  readonly messages: readonly {
    role: MessageRole
    content: readonly (ContentBlock & { cache_control?: CacheControl })[]
  }[]
  /** Where each marker sits: kind, message index (for message markers) and block index. */
  readonly markers: readonly MarkerPlace[]
}

/**
 * Where a cache marker sits. `tools` ends the tool definitions (a prefix every agent with the same
 * tools shares), `stable` ends tools + stable tier (shared by every session of the agent),
 * `system` ends the system prompt, `previous`/`newest` sit in the messages. `blockIndex` counts
 * within tools, system or message.
 */
export interface MarkerPlace {
  readonly kind: 'tools' | 'stable' | 'system' | 'previous' | 'newest'
  readonly messageIndex?: number
  readonly blockIndex: number
  readonly ttl: CacheTtl
}

export const MAX_CACHE_MARKERS = 4
/** Positions the API looks back from a breakpoint for an earlier write, the breakpoint included. */
export const LOOKBACK_POSITIONS = 20

/**
 * Places at most four cache markers: after the stable tier, at the end of the system prompt and
 * on the newest message; after the tools when they alone are big enough to cache (another agent's
 * new chat then reads them); and on the message the previous call ended on (the message before
 * the newest assistant reply) when the newest marker's lookback would not reach that write — a
 * tool loop or a message of many blocks. When all five are wanted the tools marker gives way.
 * Markers never sit on per-turn context: that text changes every turn and must stay after the
 * cached prefix. Tools and stable markers take `ttl.stable`, the rest `ttl.conversation`.
 * `toolsMinTokens` is the model's minimum cacheable prefix; without it tools get no marker of
 * their own when a system prompt follows them.
 */
export function placeCacheMarkers(
  tools: readonly ToolParam[],
  system: readonly SystemBlock[],
  wire: readonly WireMessage[],
  ttl: TtlPlan,
  toolsMinTokens?: number
): MarkedRequest {
  const stableTtl = ttl.stable === '1h' || ttl.conversation === '1h' ? '1h' : '5m'
  const prefix: MarkerPlace[] = []
  const stableIndex = system.findIndex((block) => block.tier === 'stable')
  const toolsAlone = toolsMinTokens !== undefined && estimateTokens(JSON.stringify(tools)) >= toolsMinTokens
  if (tools.length > 0 && (system.length === 0 || toolsAlone))
    prefix.push({ kind: 'tools', blockIndex: tools.length - 1, ttl: stableTtl })
  if (stableIndex >= 0) prefix.push({ kind: 'stable', blockIndex: stableIndex, ttl: stableTtl })
  if (system.length > 0 && stableIndex !== system.length - 1)
    prefix.push({ kind: 'system', blockIndex: system.length - 1, ttl: ttl.conversation })
  const conversation = messageMarkers(wire, ttl.conversation)
  const spare = MAX_CACHE_MARKERS - conversation.length
  const kept = prefix.length > spare ? prefix.filter((m) => m.kind !== 'tools') : prefix
  return markedRequest(tools, system, wire, [...kept, ...conversation].slice(-MAX_CACHE_MARKERS))
}

/** The newest message's marker, and the previous call's end when the newest one cannot see it. */
function messageMarkers(wire: readonly WireMessage[], ttl: CacheTtl): MarkerPlace[] {
  const newestIndex = wire.length - 1
  const newest = markerBlock(wire, newestIndex)
  const previousIndex = indexBeforeLastAssistant(wire)
  const previous = previousIndex === null ? null : markerBlock(wire, previousIndex)
  const markers: MarkerPlace[] = []
  if (previous !== null && previousIndex !== null && previousIndex !== newestIndex) {
    const seen =
      newest !== null &&
      lookbackPositions(
        wire,
        { message: previousIndex, block: previous },
        { message: newestIndex, block: newest }
      ) <= LOOKBACK_POSITIONS
    if (!seen) markers.push({ kind: 'previous', messageIndex: previousIndex, blockIndex: previous, ttl })
  }
  if (newest !== null) markers.push({ kind: 'newest', messageIndex: newestIndex, blockIndex: newest, ttl })
  return markers
}

interface BlockPlace {
  readonly message: number
  readonly block: number
}

/**
 * Lookback positions from `to` back to `from`, both counted, as the API counts them: a run of
 * consecutive tool_use blocks is one position, and so is a run of tool_result blocks.
 */
function lookbackPositions(wire: readonly WireMessage[], from: BlockPlace, to: BlockPlace): number {
  let positions = 0
  let previousKind: string | null = null
  for (let m = from.message; m <= to.message; m++) {
    const content = wire[m]?.content ?? []
    const first = m === from.message ? from.block : 0
    const last = m === to.message ? to.block : content.length - 1
    for (let b = first; b <= last; b++) {
      const kind = content[b]?.type ?? ''
      const run = (kind === 'tool_use' || kind === 'tool_result') && kind === previousKind
      if (!run) positions += 1
      previousKind = kind
    }
  }
  return positions
}

function markedRequest(
  tools: readonly ToolParam[],
  system: readonly SystemBlock[],
  wire: readonly WireMessage[],
  limited: readonly MarkerPlace[]
): MarkedRequest {
  const systemMarker = (i: number): MarkerPlace | undefined =>
    limited.find((m) => (m.kind === 'stable' || m.kind === 'system') && m.blockIndex === i)
  const messageMarker = (messageIndex: number, i: number): MarkerPlace | undefined =>
    limited.find((m) => m.messageIndex === messageIndex && m.blockIndex === i)
  const toolMarker = limited.find((m) => m.kind === 'tools')
  return {
    tools: tools.map((tool, i) =>
      toolMarker?.blockIndex === i ? { ...tool, cache_control: controlFor(toolMarker.ttl) } : tool
    ),
    system: system.map((block, i) =>
      withControl({ type: 'text' as const, text: block.text }, systemMarker(i))
    ),
    messages: wire.map((message, messageIndex) => ({
      role: message.role,
      content: message.content.map((block, blockIndex) =>
        withControl(block, messageMarker(messageIndex, blockIndex))
      )
    })),
    markers: limited
  }
}

function controlFor(ttl: CacheTtl): CacheControl {
  return ttl === '1h' ? { type: 'ephemeral', ttl: '1h' } : { type: 'ephemeral' }
}

function withControl<T extends object>(
  block: T,
  marker: MarkerPlace | undefined
): T & { cache_control?: CacheControl } {
  return marker ? { ...block, cache_control: controlFor(marker.ttl) } : block
}

/** The last block of a message that may carry a marker (not per-turn context), or null. */
function markerBlock(wire: readonly WireMessage[], index: number): number | null {
  const message = wire[index]
  if (!message) return null
  const last = message.content.length - 1 - message.contextBlocks
  return last >= 0 ? last : null
}

function indexBeforeLastAssistant(wire: readonly WireMessage[]): number | null {
  for (let i = wire.length - 1; i > 0; i--) {
    if (wire[i]?.role === 'assistant') return i - 1
  }
  return null
}
