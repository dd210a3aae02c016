import { FakeApiError, invalidRequest } from './errors'
import { isJsonObject, listOr, objectOr, type JsonObject } from './json'

/** Sampling parameters API version 2026-10-21 rejects. */
const REMOVED_IN_2026_10_21: readonly string[] = ['temperature', 'top_p', 'top_k']

/**
 * Accepts `x-api-key` (SDK 0.x) and `Authorization: Bearer` (SDK 1.x). With `expected` set only
 * that key passes. Returns the key, which also scopes the cache (workspace isolation).
 */
export function authenticate(
  headers: Record<string, string | string[] | undefined>,
  expected: string | undefined
): string {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(headers['authorization'] ?? ''))?.[1]
  const key = String(headers['x-api-key'] ?? '') || bearer || ''
  if (key.length === 0) throw new FakeApiError(401, 'authentication_error', 'x-api-key header is required')
  if (expected !== undefined && key !== expected)
    throw new FakeApiError(401, 'authentication_error', 'invalid x-api-key')
  return key
}

export function parseJson(raw: string): JsonObject {
  try {
    const value: unknown = JSON.parse(raw)
    if (isJsonObject(value)) return value
  } catch {
    // fall through to the API's answer for a body that is not a JSON object
  }
  throw invalidRequest('The request body is not valid JSON.')
}

function checkMessages(messages: unknown): void {
  if (!Array.isArray(messages)) throw invalidRequest('messages: Field required')
  if (messages.length === 0) throw invalidRequest('messages: at least one message is required')
  messages.forEach((item: unknown, index) => {
    const message = objectOr(item)
    if (message['role'] !== 'user' && message['role'] !== 'assistant') {
      throw invalidRequest(`messages.${index}.role: Input should be 'user' or 'assistant'`)
    }
    const content = message['content']
    if (typeof content === 'string') {
      if (content.length === 0)
        throw invalidRequest(`messages.${index}: user messages must have non-empty content`)
    } else if (!Array.isArray(content)) {
      throw invalidRequest(`messages.${index}.content: Input should be a valid string or list`)
    } else {
      content.forEach((block: unknown, blockIndex: number) => {
        if (typeof objectOr(block)['type'] !== 'string')
          throw invalidRequest(`messages.${index}.content.${blockIndex}.type: Field required`)
      })
    }
  })
}

/** The checks the real API applies before generation (shape, version rules, pre-warm limits). */
export function validateMessagesBody(body: JsonObject, version: string, countOnly: boolean): void {
  if (typeof body['model'] !== 'string' || body['model'].length === 0)
    throw invalidRequest('model: Field required')
  checkMessages(body['messages'])
  if (!countOnly) {
    const maxTokens = body['max_tokens']
    if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 0)
      throw invalidRequest('max_tokens: Field required (a non-negative integer)')
    if (maxTokens === 0 && body['stream'] === true)
      throw invalidRequest('max_tokens: 0 is not supported with stream: true')
    const choice = objectOr(body['tool_choice'])['type']
    if (maxTokens === 0 && (choice === 'any' || choice === 'tool'))
      throw invalidRequest(`max_tokens: 0 is not supported with tool_choice ${String(choice)}`)
  }
  if (body['tools'] !== undefined && !Array.isArray(body['tools']))
    throw invalidRequest('tools: Input should be a valid list')
  const choice = objectOr(body['tool_choice'])
  const offered = listOr(body['tools']).map((tool) => objectOr(tool)['name'])
  if (choice['type'] === 'tool' && !offered.includes(choice['name'])) {
    throw invalidRequest(`tool_choice: tool '${String(choice['name'])}' not found in tools`)
  }
  if (version === '2026-10-21') {
    const removed = REMOVED_IN_2026_10_21.find((name) => body[name] !== undefined)
    if (removed) throw invalidRequest(`${removed}: Extra inputs are not permitted`)
  }
}
