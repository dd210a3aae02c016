import type { ConnectionReport } from '../../shared/contract'
import { isSdkError } from '../node/llm/anthropicSdk'
import { refusedRedirect } from '../node/llm/guardedFetch'
import { redactSecrets } from '../node/log/redact'
import type { ModelClients } from '../ports/modelClients'

/** What a test call needs: where to go, with which key, for which model. */
export interface ConnectionTarget {
  readonly model: string
  readonly baseUrl: string | undefined
  /** undefined when no key may be sent there; `refusal` then says why. */
  readonly apiKey: string | undefined
  readonly refusal?: string
}

const ANTHROPIC_API = 'https://api.anthropic.com'
const TEST_TIMEOUT_MS = 20_000

/**
 * Makes the cheapest real call an Anthropic-compatible endpoint answers — one user word, one
 * output token — and reports exactly what happened: the address, the HTTP status, the endpoint's
 * own message and what to do next. No retries, so a failure is reported as the endpoint sent it.
 */
export async function testConnection(
  target: ConnectionTarget,
  clients: Pick<ModelClients, 'forTarget'>,
  now: () => number = Date.now
): Promise<ConnectionReport> {
  const url = messagesUrl(target.baseUrl)
  const started = now()
  const base = { url, model: target.model, requestId: null }
  if (target.apiKey === undefined) {
    const message = target.refusal ?? 'No API key is configured for this address.'
    return {
      ...base,
      ok: false,
      status: null,
      errorType: null,
      message,
      advice: 'Enter an API key, then test again (the command line reads ANTHROPIC_API_KEY).',
      elapsedMs: 0
    }
  }
  try {
    const client = await clients.forTarget({
      apiKey: target.apiKey,
      baseUrl: target.baseUrl,
      maxRetries: 0,
      timeoutMs: TEST_TIMEOUT_MS
    })
    const response = await client.messages
      .create({ model: target.model, max_tokens: 1, messages: [{ role: 'user', content: 'Hi' }] })
      .withResponse()
    const elapsedMs = now() - started
    const message = `${response.data.model} answered in ${elapsedMs} ms.`
    return {
      ...base,
      ok: true,
      status: response.response.status,
      errorType: null,
      message,
      advice: 'Hearth is ready to chat with this model.',
      requestId: response.request_id ?? null,
      elapsedMs
    }
  } catch (error) {
    const failure = describeFailure(error, target)
    // The endpoint's own words may echo the key; the report goes to the renderer and to --json.
    const message = redactSecrets(failure.message, [target.apiKey])
    return { ...base, ok: false, ...failure, message, elapsedMs: now() - started }
  }
}

/** Where the SDK posts a message for this base URL (it appends /v1/messages to the base). */
export function messagesUrl(baseUrl: string | undefined): string {
  const root = (baseUrl ?? ANTHROPIC_API).replace(/\/+$/, '')
  return `${root}/v1/messages`
}

type Failure = Pick<ConnectionReport, 'status' | 'errorType' | 'message' | 'advice' | 'requestId'>

function describeFailure(error: unknown, target: ConnectionTarget): Failure {
  if (isSdkError(error, 'APIConnectionTimeoutError')) {
    return {
      status: null,
      errorType: null,
      requestId: null,
      message: `No answer within ${TEST_TIMEOUT_MS / 1000} s.`,
      advice: 'Check that the endpoint is running and reachable from this computer.'
    }
  }
  const redirect = refusedRedirect(error)
  if (redirect) {
    return {
      status: null,
      errorType: null,
      requestId: null,
      message: redirect.message,
      advice: 'Set the base URL to the address the endpoint redirects to (check it with the provider first).'
    }
  }
  if (isSdkError(error, 'APIConnectionError')) {
    const cause = causeText(error)
    return { status: null, errorType: null, requestId: null, message: cause, advice: nothingAnswered(target) }
  }
  if (isSdkError(error, 'APIError') && typeof error.status === 'number') {
    const message = error.apiMessage ?? bodyText(error.message, error.status)
    return {
      status: error.status,
      errorType: error.type ?? null,
      requestId: error.requestID ?? null,
      message,
      advice: adviceForStatus(error.status, target)
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return {
    status: null,
    errorType: null,
    requestId: null,
    message,
    advice: 'Check the base URL and the key, then test again.'
  }
}

/** The socket-level reason (ECONNREFUSED, ENOTFOUND, a TLS failure), not just "Connection error." */
function causeText(error: Error): string {
  const parts: string[] = []
  let current: unknown = error.cause
  while (current instanceof Error && parts.length < 3) {
    const code = (current as { code?: unknown }).code
    parts.push(
      typeof code === 'string' && !current.message.includes(code)
        ? `${code}: ${current.message}`
        : current.message
    )
    current = current.cause
  }
  return parts.length > 0 ? parts.join(' — ') : error.message
}

/** A non-JSON error body (an HTML page, a proxy's text) as the SDK put it: "404 <body>". */
function bodyText(message: string, status: number): string {
  const text = message.startsWith(`${status} `) ? message.slice(String(status).length + 1) : message
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat
}

function nothingAnswered(target: ConnectionTarget): string {
  return target.baseUrl === undefined
    ? 'Nothing answered at Anthropic’s API: check this computer’s network connection or proxy.'
    : 'Nothing answered at that address: check that the gateway is running and that the host and port are right.'
}

function adviceForStatus(status: number, target: ConnectionTarget): string {
  if (status === 401) return 'The endpoint refused the key: paste a valid key for this address.'
  if (status === 402)
    return 'The account behind this key has no credit left: check billing with the provider.'
  if (status === 403) return 'The key works but may not use this model or endpoint: check its permissions.'
  if (status === 404)
    return `Check the base URL (Hearth adds /v1/messages to it) and that the model “${target.model}” exists there.`
  if (status === 400)
    return 'The endpoint did not accept the request: check the model name, and that the endpoint is Anthropic-compatible.'
  if (status === 429)
    return 'The connection works, but the endpoint is rate-limiting this key: wait a moment and test again.'
  if (status === 529 || status === 503)
    return 'The connection works, but the endpoint is overloaded: try again in a minute.'
  if (status >= 500) return 'The endpoint failed on its side: try again, or check its logs or status page.'
  return 'Check the base URL, the key and the model, then test again.'
}
