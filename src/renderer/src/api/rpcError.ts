import type { ErrorCode } from '../../../shared/contract'

/**
 * A refused or failed contract call. Carries the stable `code` so UI code can branch on it
 * (for example `conflict` on save) instead of parsing human-readable messages.
 */
export class RpcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

/** True when `error` is an RpcError with the given code. */
export function isRpcError(error: unknown, code?: ErrorCode): error is RpcError {
  return error instanceof RpcError && (code === undefined || error.code === code)
}

/** A one-line message for any thrown value, for banners and inline errors. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return String(error)
}
