import type { IncomingMessage, ServerResponse } from 'node:http'
import type { CacheSimulator } from './cacheSimulator'
import { FakeApiError, defaultErrorMessage, errorTypeForStatus, writeError } from './errors'
import { faultHeaders, type FaultQueue } from './faults'
import { messageContent, resolveReply, type ReplyScript, type ResolvedReply } from './replies'
import { fullUsage, writeStream, type StreamInterruption } from './sse'
import type { Fault, RecordedRequest } from './types'
import { checkRequestSize, validateMediaBlocks } from './mediaBlocks'
import type { JsonObject } from './json'
import { readSentBody } from './sentBody'
import { authenticate, parseJson, validateMessagesBody } from './validation'

/** What the /v1 handlers share with the server object. */
export interface MessagesContext {
  readonly apiKey: string | undefined
  readonly chunkChars: number
  readonly delayMs: number
  readonly now: () => number
  readonly cache: CacheSimulator
  readonly script: ReplyScript
  readonly faults: FaultQueue
  readonly requests: RecordedRequest[]
}

function flatHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers))
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value ?? '')
  return headers
}

/** Records the request, then routes /v1/messages and /v1/messages/count_tokens. */
export async function handleV1(
  request: IncomingMessage,
  response: ServerResponse,
  raw: string,
  context: MessagesContext
): Promise<void> {
  const index = context.requests.length
  const path = (request.url ?? '').split('?')[0] ?? ''
  const record: RecordedRequest = {
    index,
    method: request.method ?? '',
    path,
    headers: flatHeaders(request),
    body: readSentBody(raw),
    at: context.now(),
    requestId: `req_fake_${String(index + 1).padStart(4, '0')}`,
    status: 0
  }
  context.requests.push(record)
  try {
    if (request.method !== 'POST' || (path !== '/v1/messages' && path !== '/v1/messages/count_tokens')) {
      throw new FakeApiError(404, 'not_found_error', `Not found: ${request.method} ${path}`)
    }
    const key = authenticate(request.headers, context.apiKey)
    const version = record.headers['anthropic-version'] ?? ''
    if (version.length === 0)
      throw new FakeApiError(400, 'invalid_request_error', 'anthropic-version: header is required')
    checkRequestSize(Buffer.byteLength(raw))
    const body = parseJson(raw)
    validateMessagesBody(body, version, path.endsWith('count_tokens'))
    validateMediaBlocks(body['messages'])
    if (path.endsWith('count_tokens')) {
      record.status = 200
      sendJson(response, 200, { input_tokens: context.cache.countTokens(body) }, record.requestId)
      return
    }
    await answerMessage(response, record, body, key, context)
  } catch (error) {
    if (!(error instanceof FakeApiError)) throw error
    record.status = error.status
    writeError(response, error, record.requestId)
  }
}

function sendJson(
  response: ServerResponse,
  status: number,
  payload: unknown,
  requestId: string,
  headers: Record<string, string> = {}
): void {
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'request-id': requestId })
  response.end(JSON.stringify(payload))
}

/** Applies a fault that replaces the response entirely; true when the request is finished. */
function applyBlockingFault(
  fault: Fault | undefined,
  response: ServerResponse,
  record: RecordedRequest,
  streaming: boolean
): boolean {
  if (fault?.kind === 'http') {
    const errorType = fault.errorType ?? errorTypeForStatus(fault.status)
    record.status = fault.status
    writeError(
      response,
      new FakeApiError(fault.status, errorType, fault.message ?? defaultErrorMessage(errorType)),
      record.requestId,
      faultHeaders(fault)
    )
    return true
  }
  if (fault?.kind === 'drop' && !streaming) {
    record.outcome = 'dropped'
    response.socket?.destroy()
    return true
  }
  return false
}

function interruptionOf(fault: Fault | undefined): StreamInterruption | undefined {
  if (fault?.kind === 'drop') return { kind: 'drop', afterDeltas: fault.afterDeltas ?? 1 }
  if (fault?.kind !== 'stream_error') return undefined
  const errorType = fault.errorType ?? 'overloaded_error'
  return {
    kind: 'error',
    afterDeltas: fault.afterDeltas ?? 1,
    errorType,
    message: fault.message ?? defaultErrorMessage(errorType)
  }
}

/** Accounts the cache, picks the reply, commits cache writes at response start, and answers. */
async function answerMessage(
  response: ServerResponse,
  record: RecordedRequest,
  body: JsonObject,
  key: string,
  context: MessagesContext
): Promise<void> {
  const streaming = body['stream'] === true
  const fault = context.faults.take()
  if (applyBlockingFault(fault, response, record, streaming)) return
  const plan = context.cache.plan(body, key, record.at)
  const prewarm = body['max_tokens'] === 0
  const reply: ResolvedReply = prewarm
    ? { content: [], stopReason: 'max_tokens', outputTokens: 0 }
    : resolveReply(context.script.next(record), record.index + 1, context.chunkChars)
  record.usage = fullUsage(plan.usage, reply.outputTokens)
  record.status = 200
  plan.commit(context.now())
  const messageId = `msg_fake_${String(record.index + 1).padStart(4, '0')}`
  const model = String(body['model'])
  const delayMs = fault?.kind === 'slow' ? fault.delayMs : (reply.delayMs ?? context.delayMs)
  if (!streaming) {
    // A slow non-streaming answer arrives whole, after the delay (a busy model, a long forced tool call).
    if (fault?.kind === 'slow' || reply.delayMs !== undefined)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
    const message = {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model,
      content: messageContent(reply),
      stop_reason: reply.stopReason,
      stop_sequence: null,
      usage: record.usage
    }
    sendJson(response, 200, message, record.requestId)
    record.outcome = 'complete'
    return
  }
  const interruption = interruptionOf(fault)
  record.outcome = await writeStream(response, {
    messageId,
    requestId: record.requestId,
    model,
    usage: plan.usage,
    reply,
    delayMs,
    ...(interruption ? { interruption } : {})
  })
}
