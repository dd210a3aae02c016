import type { CacheTtl, ContentBlock, MessageRole, StoredMessage, TextBlock, ToolParam } from './chatTypes'

/** A message as it goes on the wire, remembering which stored rows it came from. */
export interface WireMessage {
  readonly role: MessageRole
  readonly content: readonly ContentBlock[]
  /** Stored message ids merged into this wire message, in order. */
  readonly sourceIds: readonly number[]
  /** Count of trailing blocks that are per-turn context (never carry a cache marker). */
  readonly contextBlocks: number
}

export interface TurnContextText {
  readonly messageId: number
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
export function buildWireMessages(messages: readonly StoredMessage[], context: TurnContextText | null): WireMessage[] {
  const inContext = messages.filter((m) => m.inContext)
  const ordered = [...inContext.filter((m) => m.kind === 'checkpoint'), ...inContext.filter((m) => m.kind !== 'checkpoint')]
  const wire: WireMessage[] = []
  ordered.forEach((message, index) => {
    const next = ordered[index + 1]
    const content = sendableContent(message, next)
    if (content.length === 0) return
    const extra = context && context.messageId === message.id ? context.texts.map((text): TextBlock => ({ type: 'text', text })) : []
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
    wire.push({ role: message.role, content: [...content, ...extra], sourceIds: [message.id], contextBlocks: extra.length })
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

/** The request body pieces the SDK receives, with cache markers placed. */
export interface MarkedRequest {
  readonly tools: readonly (ToolParam & { cache_control?: CacheControl })[]
  readonly system: readonly { type: 'text'; text: string; cache_control?: CacheControl }[]
  readonly messages: readonly { role: MessageRole; content: readonly (ContentBlock & { cache_control?: CacheControl })[] }[]
  /** Where each marker sits: kind, message index (for message markers) and block index. */
  readonly markers: readonly MarkerPlace[]
}

export interface MarkerPlace {
  readonly kind: 'tools' | 'system' | 'previous' | 'newest'
  readonly messageIndex?: number
  readonly blockIndex: number
}

export const MAX_CACHE_MARKERS = 4

/**
 * Places at most four cache markers: end of tools, end of system, the newest message, and the
 * message the previous call ended on (the message before the newest assistant reply), so each
 * call reads exactly what the one before it wrote even when a tool loop adds many blocks.
 * Markers never sit on per-turn context: that text changes every turn and must stay after the
 * cached prefix.
 */
export function placeCacheMarkers(tools: readonly ToolParam[], system: string, wire: readonly WireMessage[], ttl: CacheTtl): MarkedRequest {
  const control: CacheControl = ttl === '1h' ? { type: 'ephemeral', ttl: '1h' } : { type: 'ephemeral' }
  const markers: MarkerPlace[] = []
  if (tools.length > 0) markers.push({ kind: 'tools', blockIndex: tools.length - 1 })
  if (system.length > 0) markers.push({ kind: 'system', blockIndex: 0 })
  const newest = markerBlock(wire, wire.length - 1)
  const previousIndex = indexBeforeLastAssistant(wire)
  const previous = previousIndex === null ? null : markerBlock(wire, previousIndex)
  if (previous !== null && previousIndex !== wire.length - 1) markers.push({ kind: 'previous', messageIndex: previousIndex as number, blockIndex: previous })
  if (newest !== null) markers.push({ kind: 'newest', messageIndex: wire.length - 1, blockIndex: newest })
  const limited = markers.slice(-MAX_CACHE_MARKERS)
  return {
    tools: tools.map((tool, i) => (limited.some((m) => m.kind === 'tools' && m.blockIndex === i) ? { ...tool, cache_control: control } : tool)),
    system: system.length > 0 ? [limited.some((m) => m.kind === 'system') ? { type: 'text', text: system, cache_control: control } : { type: 'text', text: system }] : [],
    messages: wire.map((message, messageIndex) => ({
      role: message.role,
      content: message.content.map((block, blockIndex) =>
        limited.some((m) => m.messageIndex === messageIndex && m.blockIndex === blockIndex) ? { ...block, cache_control: control } : block
      )
    })),
    markers: limited
  }
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
