import { createHash } from 'node:crypto'
import { invalidRequest } from './errors'
import { countTokens } from './tokenizer'
import { isJsonObject, listOr, objectOr, type JsonObject as Json } from './json'
import type { CacheOptions } from './types'

export type Ttl = '5m' | '1h'
export type Segment = 'tools' | 'system' | 'messages'

/** One rendered prompt block in cache order (tools → system → messages). */
export interface CanonicalBlock {
  readonly segment: Segment
  /** Where the block sits in the request, for error messages (`messages.2.content.0`). */
  readonly path: string
  readonly type: string
  /** The hashed form: content only, `cache_control` stripped. */
  readonly key: string
  readonly tokens: number
  /** Explicit breakpoint TTL, when the block carries `cache_control`. */
  readonly ttl?: Ttl
  /** Consecutive blocks with the same run kind share one lookback position. */
  readonly runKind?: 'tool_use' | 'tool_result'
  /** Whether automatic caching may place its breakpoint here (not thinking, not empty text). */
  readonly cacheable: boolean
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Reads a block's `cache_control` marker; rejects markers the API rejects. */
export function readTtl(block: Json, path: string): Ttl | undefined {
  const marker = block['cache_control']
  if (marker === undefined || marker === null) return undefined
  if (!isJsonObject(marker) || marker['type'] !== 'ephemeral') {
    throw invalidRequest(`${path}.cache_control.type: Input should be 'ephemeral'`)
  }
  const ttl = marker['ttl'] ?? '5m'
  if (ttl !== '5m' && ttl !== '1h')
    throw invalidRequest(`${path}.cache_control.ttl: Input should be '5m' or '1h'`)
  return ttl
}

/** Text a nested tool_result content renders to (strings, text blocks, images by digest). */
function renderNested(content: unknown, options: CacheOptions): { text: string; extraTokens: number } {
  if (typeof content === 'string') return { text: content, extraTokens: 0 }
  if (!Array.isArray(content)) return { text: '', extraTokens: 0 }
  let text = ''
  let extraTokens = 0
  for (const item of content) {
    const inner = objectOr(item)
    if (inner['type'] === 'image') {
      text += `\n[image ${imageDigest(inner)}]`
      extraTokens += options.imageTokens
    } else if (inner['type'] === 'text') text += `\n${String(inner['text'] ?? '')}`
    else text += `\n${JSON.stringify(stripMarker(inner))}`
  }
  return { text, extraTokens }
}

function imageDigest(block: Json): string {
  const source = objectOr(block['source'])
  return `${String(source['media_type'] ?? source['type'] ?? '')}:${sha256(String(source['data'] ?? source['url'] ?? ''))}`
}

function stripMarker(block: Json): Json {
  const { cache_control: _marker, ...rest } = block
  return rest
}

/** Hash key (role-tagged) and counted text of one message content block. */
function renderContentBlock(
  block: Json,
  role: string,
  options: CacheOptions
): { key: string; tokens: number } {
  const type = String(block['type'])
  switch (type) {
    case 'text':
      return { key: `${role}|text|${block['text']}`, tokens: countTokens(String(block['text'])) }
    case 'tool_use': {
      const text = `${block['name']}${JSON.stringify(block['input'] ?? {})}`
      return { key: `${role}|tool_use|${text}`, tokens: countTokens(text) }
    }
    case 'tool_result': {
      const nested = renderNested(block['content'], options)
      const text = `${block['tool_use_id']}${block['is_error'] ? '!' : ''}${nested.text}`
      return { key: `${role}|tool_result|${text}`, tokens: countTokens(text) + nested.extraTokens }
    }
    case 'image':
      return { key: `${role}|image|${imageDigest(block)}`, tokens: options.imageTokens }
    case 'document': {
      const key = `${role}|document|${imageDigest(block)}|${String(block['title'] ?? '')}`
      const source = objectOr(block['source'])
      // A plain-text document is billed as its text; others per document, never from their
      // base64 (the real API bills PDF pages as text + images).
      if (source['type'] === 'text') return { key, tokens: countTokens(String(source['data'] ?? '')) }
      return { key, tokens: options.documentTokens }
    }
    case 'thinking':
      return {
        key: `${role}|thinking|${block['thinking']}|${block['signature']}`,
        tokens: countTokens(String(block['thinking'] ?? ''))
      }
    default: {
      const text = JSON.stringify(stripMarker(block))
      return { key: `${role}|${type}|${text}`, tokens: countTokens(text) }
    }
  }
}

function toolBlocks(tools: unknown, options: CacheOptions): CanonicalBlock[] {
  if (!Array.isArray(tools)) return []
  return tools.map((item: unknown, index) => {
    const tool = objectOr(item)
    const path = `tools.${index}`
    const ttl = readTtl(tool, path)
    const key = JSON.stringify({
      name: tool['name'],
      description: tool['description'],
      input_schema: tool['input_schema'],
      type: tool['type']
    })
    const overhead = index === tools.length - 1 ? options.toolsOverhead : 0
    return {
      segment: 'tools',
      path,
      type: 'tool',
      key,
      tokens: countTokens(key) + overhead,
      cacheable: true,
      ...(ttl ? { ttl } : {})
    }
  })
}

function systemBlocks(system: unknown): CanonicalBlock[] {
  if (system === undefined || system === null) return []
  if (typeof system !== 'string' && !Array.isArray(system))
    throw invalidRequest('system: Input should be a valid string or list')
  const list: readonly unknown[] = typeof system === 'string' ? [{ type: 'text', text: system }] : system
  return list.map((item, index) => {
    const path = `system.${index}`
    const block = objectOr(item)
    if (block['type'] !== 'text') throw invalidRequest(`${path}.type: Input should be 'text'`)
    const text = String(block['text'] ?? '')
    if (text.length === 0) throw invalidRequest(`${path}: text content blocks must be non-empty`)
    const ttl = readTtl(block, path)
    return {
      segment: 'system',
      path,
      type: 'text',
      key: `system|${text}`,
      tokens: countTokens(text),
      cacheable: true,
      ...(ttl ? { ttl } : {})
    }
  })
}

function messageBlocks(messages: unknown, options: CacheOptions): CanonicalBlock[] {
  const blocks: CanonicalBlock[] = []
  listOr(messages).forEach((item, messageIndex) => {
    const message = objectOr(item)
    const role = String(message['role'])
    const content: readonly unknown[] =
      typeof message['content'] === 'string'
        ? [{ type: 'text', text: message['content'] }]
        : listOr(message['content'])
    content.forEach((entry, blockIndex) => {
      const path = `messages.${messageIndex}.content.${blockIndex}`
      const block = objectOr(entry)
      const type = String(block['type'])
      const ttl = readTtl(block, path)
      if (type === 'text' && String(block['text'] ?? '').length === 0)
        throw invalidRequest(`${path}: text content blocks must be non-empty`)
      if (ttl && (type === 'thinking' || type === 'redacted_thinking'))
        throw invalidRequest(`${path}.cache_control: thinking blocks cannot be cached directly`)
      const rendered = renderContentBlock(block, role, options)
      const overhead = blockIndex === 0 ? options.perMessageOverhead : 0
      const runKind = type === 'tool_use' || type === 'tool_result' ? type : undefined
      const cacheable = type !== 'thinking' && type !== 'redacted_thinking'
      blocks.push({
        segment: 'messages',
        path,
        type,
        key: rendered.key,
        tokens: rendered.tokens + overhead,
        cacheable,
        ...(ttl ? { ttl } : {}),
        ...(runKind ? { runKind } : {})
      })
    })
  })
  return blocks
}

/** Flattens a request body into its blocks in cache order. Throws a 400 for malformed content. */
export function canonicalBlocks(body: Json, options: CacheOptions): CanonicalBlock[] {
  return [
    ...toolBlocks(body['tools'], options),
    ...systemBlocks(body['system']),
    ...messageBlocks(body['messages'], options)
  ]
}

/** Salt hashed in before the first system block: settings that invalidate system + messages. */
export function systemSalt(body: Json): string {
  return JSON.stringify({ speed: body['speed'] ?? null, mcp_servers: body['mcp_servers'] ?? null })
}

/** Salt hashed in before the first message block: settings that invalidate the messages level only. */
export function messagesSalt(body: Json): string {
  const anyImage = JSON.stringify(body['messages'] ?? []).includes('"type":"image"')
  const effort = objectOr(body['output_config'])['effort'] ?? null
  return JSON.stringify({
    tool_choice: body['tool_choice'] ?? null,
    thinking: body['thinking'] ?? null,
    effort,
    anyImage
  })
}

/** Cumulative hash chain h[i] over the blocks, scoped to key + model (workspace/model isolation). */
export function hashChain(blocks: readonly CanonicalBlock[], body: Json, apiKey: string): string[] {
  let hash = sha256(`${sha256(apiKey)}|${String(body['model'])}`)
  let segment: Segment = 'tools'
  const hashes: string[] = []
  const saltUpTo = (target: Segment): void => {
    if (segment === 'tools' && target !== 'tools') {
      hash = sha256(`${hash}\x1e${systemSalt(body)}`)
      segment = 'system'
    }
    if (segment === 'system' && target === 'messages') {
      hash = sha256(`${hash}\x1e${messagesSalt(body)}`)
      segment = 'messages'
    }
  }
  for (const block of blocks) {
    saltUpTo(block.segment)
    hash = sha256(`${hash}\x1f${block.key}`)
    hashes.push(hash)
  }
  return hashes
}
