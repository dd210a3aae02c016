import type { z } from 'zod'

/** A request/response pair that may cross a process boundary. Both sides are runtime-checked. */
export interface MethodSpec<I extends z.ZodType, O extends z.ZodType> {
  readonly input: I
  readonly output: O
}

/** Declares one contract method from its input and output schemas. */
export function method<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): MethodSpec<I, O> {
  return { input, output }
}

/** Stable, machine-readable failure codes. Messages are for humans; code branches on `code`. */
export const ERROR_CODES = [
  'bad_request',
  'unknown_method',
  'invalid_input',
  'not_found',
  'conflict',
  'forbidden',
  'llm_unavailable',
  'internal'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export interface RpcError {
  readonly code: ErrorCode
  readonly message: string
  /** An unexpected failure's id in the host's log (also named in `message`). */
  readonly requestId?: string
}

/** The envelope every call result travels in, over every transport. */
export type RpcResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RpcError }
