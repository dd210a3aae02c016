import type Anthropic from '@anthropic-ai/sdk'
import type { CallUsage, ContentBlock } from '../chatTypes'
import { sdkAbortError } from '../../node/llm/anthropicSdk'
import { FenceFilter } from './fenceFilter'
import type { MarkedRequest } from './requestBuilder'

/** Receives a call's progress; `started` fires once the response begins (the first SSE event). */
export interface StreamSink {
  started(usage: CallUsage): void
  /** Visible text (fences already removed) for the content block at `index`. */
  text(delta: string): void
  /** The reply's blocks so far, for incremental persistence. */
  progress(content: readonly ContentBlock[]): void
}

export interface StreamResult {
  readonly content: readonly ContentBlock[]
  readonly usage: CallUsage
  readonly stopReason: string | null
}

/** Thrown when a stream fails after it started: carries what arrived, so nothing is lost. */
export class StreamFailure extends Error {
  constructor(
    override readonly cause: unknown,
    readonly partial: readonly ContentBlock[],
    readonly usage: CallUsage | null
  ) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.name = 'StreamFailure'
  }
}

/** The connection closed before `message_stop`: the reply is incomplete. */
export class IncompleteStream extends Error {
  constructor() {
    super('The connection closed before the reply finished')
    this.name = 'IncompleteStream'
  }
}

type Draft =
  | { kind: 'text'; text: string; filter: FenceFilter }
  | { kind: 'tool_use'; id: string; name: string; json: string; input?: unknown }

/**
 * Runs one streaming Messages call and accumulates the reply from raw SSE events. Usage is
 * taken from `message_start` and overwritten (never added) by `message_delta`, which repeats
 * cumulative totals. Text passes through the fence filter before anyone sees or stores it.
 */
export async function streamMessage(
  client: Anthropic,
  body: { model: string; maxTokens: number; request: MarkedRequest },
  fenceTags: readonly string[],
  sink: StreamSink,
  signal: AbortSignal
): Promise<StreamResult> {
  const drafts: Draft[] = []
  let usage: CallUsage | null = null
  let stopReason: string | null = null
  try {
    const stream = await client.messages.create(
      {
        model: body.model,
        max_tokens: body.maxTokens,
        stream: true,
        ...(body.request.system.length > 0
          ? { system: body.request.system as Anthropic.TextBlockParam[] }
          : {}),
        ...(body.request.tools.length > 0
          ? { tools: body.request.tools as unknown as Anthropic.Tool[] }
          : {}),
        messages: body.request.messages as unknown as Anthropic.MessageParam[]
      },
      { signal }
    )
    let stopped = false
    for await (const event of stream) {
      if (event.type === 'message_stop') stopped = true
      if (event.type === 'message_start') {
        usage = readUsage(event.message.usage, null)
        sink.started(usage)
      } else if (event.type === 'message_delta') {
        usage = readUsage(event.usage, usage)
        stopReason = event.delta.stop_reason ?? stopReason
      } else applyBlockEvent(event, drafts, fenceTags, sink)
    }
    // The SDK ends the iteration quietly on an abort or a closed socket; only message_stop means done.
    if (!stopped) throw signal.aborted ? sdkAbortError() : new IncompleteStream()
  } catch (error) {
    throw new StreamFailure(error, finish(drafts, true), usage)
  }
  return { content: finish(drafts, false), usage: usage ?? zero(), stopReason }
}

function applyBlockEvent(
  event: Anthropic.RawMessageStreamEvent,
  drafts: Draft[],
  fenceTags: readonly string[],
  sink: StreamSink
): void {
  if (event.type === 'content_block_start') {
    const block = event.content_block
    if (block.type === 'text')
      drafts[event.index] = { kind: 'text', text: '', filter: new FenceFilter(fenceTags) }
    else if (block.type === 'tool_use')
      drafts[event.index] = { kind: 'tool_use', id: block.id, name: block.name, json: '' }
    return
  }
  if (event.type === 'content_block_delta') {
    const draft = drafts[event.index]
    if (draft?.kind === 'text' && event.delta.type === 'text_delta') {
      const visible = draft.filter.push(event.delta.text)
      draft.text += visible
      if (visible) sink.text(visible)
      sink.progress(finish(drafts, true))
    } else if (draft?.kind === 'tool_use' && event.delta.type === 'input_json_delta') {
      draft.json += event.delta.partial_json
    }
    return
  }
  if (event.type === 'content_block_stop') {
    const draft = drafts[event.index]
    if (draft?.kind === 'text') {
      const rest = draft.filter.flush()
      draft.text += rest
      if (rest) sink.text(rest)
    } else if (draft?.kind === 'tool_use') {
      draft.input = draft.json.trim() === '' ? {} : JSON.parse(draft.json)
    }
    sink.progress(finish(drafts, true))
  }
}

/** The blocks so far; unfinished tool calls are left out of a partial reply (their input is incomplete). */
function finish(drafts: readonly Draft[], partial: boolean): ContentBlock[] {
  const blocks: ContentBlock[] = []
  for (const draft of drafts) {
    if (!draft) continue
    if (draft.kind === 'text') {
      const text = partial ? draft.text : draft.text + draft.filter.flush()
      if (text.length > 0) blocks.push({ type: 'text', text })
    } else if (draft.input !== undefined) {
      blocks.push({ type: 'tool_use', id: draft.id, name: draft.name, input: draft.input })
    }
  }
  return blocks
}

interface WireUsage {
  readonly input_tokens?: number | null
  readonly output_tokens?: number | null
  readonly cache_creation_input_tokens?: number | null
  readonly cache_read_input_tokens?: number | null
  readonly cache_creation?: {
    readonly ephemeral_5m_input_tokens?: number | null
    readonly ephemeral_1h_input_tokens?: number | null
  } | null
}

/** Last value wins per field; `cache_creation` (the TTL split) is kept from `message_start`. */
function readUsage(raw: WireUsage, before: CallUsage | null): CallUsage {
  const base = before ?? zero()
  const creation = raw.cache_creation_input_tokens ?? base.cache_creation_input_tokens
  const split = raw.cache_creation
  const write1h = split?.ephemeral_1h_input_tokens ?? base.cache_write_1h
  const write5m = split?.ephemeral_5m_input_tokens ?? (split ? 0 : Math.max(0, creation - write1h))
  return {
    input_tokens: raw.input_tokens ?? base.input_tokens,
    output_tokens: raw.output_tokens ?? base.output_tokens,
    cache_creation_input_tokens: creation,
    cache_read_input_tokens: raw.cache_read_input_tokens ?? base.cache_read_input_tokens,
    cache_write_5m: write5m,
    cache_write_1h: write1h
  }
}

function zero(): CallUsage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_write_5m: 0,
    cache_write_1h: 0
  }
}
