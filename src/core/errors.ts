import type { ErrorCode } from '../shared/contract'

/**
 * An expected failure with a stable code, thrown by services and turned into an
 * `{ ok: false, error }` envelope by dispatch. Anything else that is thrown is a bug (`internal`).
 */
export class HearthError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'HearthError'
  }
}

export function notFound(message: string): HearthError {
  return new HearthError('not_found', message)
}

export function conflict(message: string): HearthError {
  return new HearthError('conflict', message)
}

export function invalidInput(message: string): HearthError {
  return new HearthError('invalid_input', message)
}
