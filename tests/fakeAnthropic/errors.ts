import type { ServerResponse } from 'node:http'

/** The `error.type` the real API sends for each HTTP status. */
const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  409: 'conflict_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error'
}

const MESSAGE_BY_TYPE: Readonly<Record<string, string>> = {
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit (fake).',
  api_error: 'Internal server error (fake).',
  overloaded_error: 'Overloaded',
  timeout_error: 'Request timed out (fake).'
}

/** An error the fake answers with in the real API's error shape. */
export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string
  ) {
    super(message)
  }
}

/** A 400 invalid_request_error, the answer to every malformed request. */
export function invalidRequest(message: string): FakeApiError {
  return new FakeApiError(400, 'invalid_request_error', message)
}

export function errorTypeForStatus(status: number): string {
  return TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error')
}

export function defaultErrorMessage(errorType: string): string {
  return MESSAGE_BY_TYPE[errorType] ?? `Fake ${errorType}.`
}

/** `{type:'error', error:{type, message}, request_id}` — the body of every error and of `event: error`. */
export function errorBody(errorType: string, message: string, requestId: string): object {
  return { type: 'error', error: { type: errorType, message }, request_id: requestId }
}

/** Writes a JSON error response with the `request-id` header the SDK exposes as `requestID`. */
export function writeError(
  response: ServerResponse,
  error: FakeApiError,
  requestId: string,
  headers: Readonly<Record<string, string>> = {}
): void {
  const payload = JSON.stringify(errorBody(error.errorType, error.message, requestId))
  response.writeHead(error.status, {
    ...headers,
    'content-type': 'application/json',
    'request-id': requestId
  })
  response.end(payload)
}
