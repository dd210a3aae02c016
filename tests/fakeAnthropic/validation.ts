import { FakeApiError, invalidRequest } from './errors'

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

export function parseJson(raw: string): Record<string, any> {
  try {
    const value = JSON.parse(raw)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  } catch {
    // fall through to the API's answer for a body that is not a JSON object
  }
  throw invalidRequest('The request body is not valid JSON.')
}

function checkMessages(messages: unknown): void {
  if (!Array.isArray(messages)) throw invalidRequest('messages: Field required')
  if (messages.length === 0) throw invalidRequest('messages: at least one message is required')
  messages.forEach((message: any, index) => {
    if (message?.role !== 'user' && message?.role !== 'assistant') {
      throw invalidRequest(`messages.${index}.role: Input should be 'user' or 'assistant'`)
    }
    const content = message.content
    if (typeof content === 'string') {
      if (content.length === 0)
        throw invalidRequest(`messages.${index}: user messages must have non-empty content`)
    } else if (!Array.isArray(content)) {
      throw invalidRequest(`messages.${index}.content: Input should be a valid string or list`)
    } else {
      content.forEach((block: any, blockIndex: number) => {
        if (typeof block?.type !== 'string')
          throw invalidRequest(`messages.${index}.content.${blockIndex}.type: Field required`)
      })
    }
  })
}

/** The checks the real API applies before generation (shape, version rules, pre-warm limits). */
export function validateMessagesBody(body: Record<string, any>, version: string, countOnly: boolean): void {
  if (typeof body['model'] !== 'string' || body['model'].length === 0)
    throw invalidRequest('model: Field required')
  checkMessages(body['messages'])
  if (!countOnly) {
    const maxTokens = body['max_tokens']
    if (!Number.isInteger(maxTokens) || maxTokens < 0)
      throw invalidRequest('max_tokens: Field required (a non-negative integer)')
    if (maxTokens === 0 && body['stream'] === true)
      throw invalidRequest('max_tokens: 0 is not supported with stream: true')
    const choice = body['tool_choice']?.type
    if (maxTokens === 0 && (choice === 'any' || choice === 'tool'))
      throw invalidRequest(`max_tokens: 0 is not supported with tool_choice ${choice}`)
  }
  if (body['tools'] !== undefined && !Array.isArray(body['tools']))
    throw invalidRequest('tools: Input should be a valid list')
  const choice = body['tool_choice']
  if (choice?.type === 'tool' && !(body['tools'] ?? []).some((tool: any) => tool?.name === choice.name)) {
    throw invalidRequest(`tool_choice: tool '${String(choice.name)}' not found in tools`)
  }
  if (version === '2026-10-21') {
    const removed = REMOVED_IN_2026_10_21.find((name) => body[name] !== undefined)
    if (removed) throw invalidRequest(`${removed}: Extra inputs are not permitted`)
  }
}
