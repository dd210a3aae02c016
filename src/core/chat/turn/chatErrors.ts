import type Anthropic from '@anthropic-ai/sdk'
import { HearthError } from '../../errors'
import { isSdkError } from '../../node/llm/anthropicSdk'
import { refusedRedirect } from '../../node/llm/guardedFetch'
import { redactSecrets } from '../../node/log/redact'
import { IncompleteStream } from './streamCall'

/** The user pressed Stop (or the host aborted): not an error, the partial reply is kept. */
export class TurnStopped extends Error {
  constructor() {
    super('Stopped')
    this.name = 'TurnStopped'
  }
}

export function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || isSdkError(error, 'APIUserAbortError')
}

/**
 * Turns an SDK failure into one clear sentence. The SDK has already retried what it retries
 * (connection errors, 408/409/429/5xx incl. 529), so this is the final word; the user's
 * message is saved either way, which the text says so nobody retypes it.
 */
export function describeModelError(
  error: unknown,
  started: boolean,
  secrets: readonly (string | null | undefined)[] = []
): HearthError {
  const described = describe(error, started)
  // An endpoint may echo the key (in a stream's error event too): never kept, shown or printed.
  const message = redactSecrets(described.message, secrets)
  return message === described.message ? described : new HearthError(described.code, message)
}

function describe(error: unknown, started: boolean): HearthError {
  const kept = started ? ' The part of the reply that arrived is kept.' : ' Your message is saved.'
  if (error instanceof HearthError) return error
  const redirect = refusedRedirect(error)
  if (redirect) return new HearthError('llm_unavailable', `${redirect.message}${kept}`)
  if (isSdkError(error, 'APIConnectionError')) {
    return new HearthError(
      'llm_unavailable',
      `Could not reach the model endpoint (${error.message}). Check your connection and the base URL in Settings.${kept}`
    )
  }
  if (isSdkError(error, 'APIError')) {
    const type = errorType(error)
    const status = error.status === undefined ? 'mid-stream' : `HTTP ${error.status}`
    const what = explain(error.status, type)
    return new HearthError(
      'llm_unavailable',
      `${what} (${status}${type ? ` ${type}` : ''}: ${cleanMessage(error)}).${kept}`
    )
  }
  if (error instanceof TypeError && /terminated|fetch failed|socket|other side closed/i.test(error.message)) {
    return new HearthError(
      'llm_unavailable',
      `The connection to the model dropped midway (${error.message}).${kept}`
    )
  }
  if (error instanceof IncompleteStream) return new HearthError('llm_unavailable', `${error.message}.${kept}`)
  if (error instanceof SyntaxError)
    return new HearthError(
      'llm_unavailable',
      `The model sent a malformed tool call (${error.message}).${kept}`
    )
  return new HearthError('internal', `${error instanceof Error ? error.message : String(error)}.${kept}`)
}

function explain(status: number | undefined, type: string | null): string {
  if (status === 401) return 'The API key was rejected; check or replace it in Settings'
  if (status === 403)
    return 'The API key may not use this model; pick another model or check the key in Settings'
  if (status === undefined) return 'The reply stream failed midway'
  if (status === 429)
    return 'The model provider is rate-limiting requests and still refused after retrying; wait a minute'
  if (status === 529 || type === 'overloaded_error')
    return 'The model is overloaded and still refused after retrying; try again in a few minutes'
  if (status >= 500)
    return 'The model provider had a server error and still failed after retrying; try again shortly'
  if (status === 413)
    return 'The request is too large for the model endpoint; remove an attachment or start a new chat'
  if (status === 400) return 'The model rejected the request'
  return 'The model call failed'
}

function errorType(error: InstanceType<typeof Anthropic.APIError>): string | null {
  const body = error.error as { error?: { type?: unknown }; type?: unknown } | undefined
  const type = body?.error?.type ?? body?.type
  return typeof type === 'string' ? type : null
}

function cleanMessage(error: InstanceType<typeof Anthropic.APIError>): string {
  const body = error.error as { error?: { message?: unknown } } | undefined
  const message = body?.error?.message
  return typeof message === 'string' ? message : error.message.replace(/^\d{3}\s+/, '')
}
