import { lastUserText } from './reading'
import type { SentBody } from './sentBody'
import { countTokens, splitText } from './tokenizer'
import type { RecordedRequest, Reply, ReplyBlock, ReplyFunction, StopReason } from './types'

/** A reply ready to be written: text split into deltas, tool input split into JSON fragments. */
export type ResolvedBlock =
  | { readonly type: 'text'; readonly text: string; readonly deltas: readonly string[] }
  | {
      readonly type: 'tool_use'
      readonly id: string
      readonly name: string
      readonly input: unknown
      readonly fragments: readonly string[]
    }

export interface ResolvedReply {
  readonly content: readonly ResolvedBlock[]
  readonly stopReason: StopReason
  readonly outputTokens: number
  readonly delayMs?: number
}

const STOP_REASONS: readonly string[] = [
  'end_turn',
  'max_tokens',
  'stop_sequence',
  'tool_use',
  'pause_turn',
  'refusal'
]

/**
 * The reply source, in order: the scripted queue, then the reply function, then the default
 * (a forced `tool_choice` gets a call of that tool with its configured input; otherwise a short
 * deterministic echo of the last user text), so long benches need no script.
 */
export class ReplyScript {
  private readonly queue: (Reply | ReplyFunction)[] = []
  private handler: ReplyFunction | undefined
  private readonly toolInputs = new Map<string, unknown>()

  push(...replies: readonly (Reply | ReplyFunction)[]): void {
    replies.forEach((reply, index) => {
      if (typeof reply !== 'function') validateReply(reply, `replies[${index}]`)
    })
    this.queue.push(...replies)
  }

  get pending(): number {
    return this.queue.length
  }

  setHandler(handler: ReplyFunction | undefined): void {
    this.handler = handler
  }

  /** Input used when the default reply answers a forced (or `any`) tool_choice with this tool. */
  setToolInput(name: string, input: unknown): void {
    this.toolInputs.set(name, input)
  }

  reset(): void {
    this.queue.length = 0
    this.handler = undefined
    this.toolInputs.clear()
  }

  next(request: RecordedRequest): Reply {
    const queued = this.queue.shift()
    const scripted = typeof queued === 'function' ? queued(request) : queued
    return scripted ?? this.handler?.(request) ?? this.defaultReply(request.body)
  }

  private defaultReply(body: SentBody | undefined): Reply {
    const choice = body?.tool_choice
    const forced =
      choice?.type === 'tool'
        ? String(choice.name)
        : choice?.type === 'any'
          ? body?.tools?.[0]?.name
          : undefined
    if (forced !== undefined)
      return { toolUses: [{ name: forced, input: this.toolInputs.get(forced) ?? {} }] }
    return `Fake reply: ${lastUserText(body).slice(0, 60)}`
  }
}

/** Throws a specific error when a reply (e.g. posted to /__fake/script) is malformed. */
export function validateReply(reply: unknown, path: string): void {
  if (typeof reply === 'string') return
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    throw new Error(`${path}: expected a string or an object`)
  const value = reply as Record<string, unknown>
  const blocks = [
    ...((value['content'] as unknown[]) ?? []),
    ...((value['toolUses'] as unknown[]) ?? []).map((t) => ({ type: 'tool_use', ...(t as object) }))
  ]
  if (value['content'] !== undefined && !Array.isArray(value['content']))
    throw new Error(`${path}.content: expected an array`)
  if (value['toolUses'] !== undefined && !Array.isArray(value['toolUses']))
    throw new Error(`${path}.toolUses: expected an array`)
  blocks.forEach((block, index) => {
    const item = block as Record<string, unknown>
    if (item['type'] === 'tool_use' && typeof item['name'] !== 'string')
      throw new Error(`${path} block ${index}: tool_use needs a string name`)
    if (item['type'] === 'text' && typeof item['text'] !== 'string' && !Array.isArray(item['text']))
      throw new Error(`${path} block ${index}: text needs a string or string[]`)
    if (item['type'] !== 'text' && item['type'] !== 'tool_use')
      throw new Error(`${path} block ${index}: type must be 'text' or 'tool_use'`)
  })
  if (value['stopReason'] !== undefined && !STOP_REASONS.includes(String(value['stopReason'])))
    throw new Error(`${path}.stopReason: unknown stop reason ${String(value['stopReason'])}`)
  if (value['delayMs'] !== undefined && typeof value['delayMs'] !== 'number')
    throw new Error(`${path}.delayMs: expected a number`)
}

/** Turns a reply into writable blocks with deterministic ids (`toolu_fake_<request>_<block>`). */
export function resolveReply(reply: Reply, requestIndex: number, chunkChars: number): ResolvedReply {
  const value = typeof reply === 'string' ? { text: reply } : reply
  const blocks: ReplyBlock[] = value.content
    ? [...value.content]
    : [
        ...(value.text !== undefined ? [{ type: 'text' as const, text: value.text }] : []),
        ...(value.toolUses ?? []).map((tool) => ({ type: 'tool_use' as const, ...tool }))
      ]
  const content = blocks.map((block, index): ResolvedBlock => {
    if (block.type === 'text') {
      const deltas = typeof block.text === 'string' ? splitText(block.text, chunkChars) : [...block.text]
      return { type: 'text', text: deltas.join(''), deltas }
    }
    const json = JSON.stringify(block.input ?? {})
    return {
      type: 'tool_use',
      id: block.id ?? `toolu_fake_${requestIndex}_${index}`,
      name: block.name,
      input: block.input ?? {},
      fragments: ['', ...splitText(json, 16)]
    }
  })
  const counted = content.reduce(
    (sum, block) =>
      sum + countTokens(block.type === 'text' ? block.text : `${block.name}${JSON.stringify(block.input)}`),
    0
  )
  const stopReason =
    value.stopReason ?? (content.some((block) => block.type === 'tool_use') ? 'tool_use' : 'end_turn')
  return {
    content,
    stopReason,
    outputTokens: value.outputTokens ?? Math.max(1, counted),
    ...(value.delayMs !== undefined ? { delayMs: value.delayMs } : {})
  }
}

/** The `content` array of the final message, as the non-streaming response returns it. */
export function messageContent(reply: ResolvedReply): object[] {
  return reply.content.map((block) =>
    block.type === 'text'
      ? { type: 'text', text: block.text }
      : { type: 'tool_use', id: block.id, name: block.name, input: block.input }
  )
}
