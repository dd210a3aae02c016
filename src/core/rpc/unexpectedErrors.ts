import { randomBytes } from 'node:crypto'
import type { LogFields, Logger } from '../ports/logger'

/** Where a host records what went wrong unexpectedly, and the file a person can open to read it. */
export interface ErrorLog {
  readonly log: Logger
  readonly file: string
}

/** A short id that ties what the user was shown to one line of the log. */
export function newRequestId(): string {
  return randomBytes(4).toString('hex')
}

/**
 * Records an error nobody planned for (a bug, a damaged file, a failing disk) under a fresh
 * request id and returns the sentence the user sees, which names that id and the log file, so a
 * report can be matched to its stack trace.
 */
export function reportUnexpected(
  errors: ErrorLog | undefined,
  what: string,
  error: unknown,
  fields: LogFields = {}
): { readonly requestId: string; readonly message: string } {
  const requestId = newRequestId()
  const message = error instanceof Error ? error.message : String(error)
  // Without a log there is no line for an id to point at (a bare dispatch in a unit test).
  if (!errors) return { requestId, message }
  errors.log.error(`unexpected error in ${what}`, { ...fields, requestId, error })
  return { requestId, message: `${message} (request ${requestId}, details in ${errors.file})` }
}
