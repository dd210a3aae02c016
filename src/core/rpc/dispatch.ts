import { z } from 'zod'
import {
  isMethodName,
  methods,
  type ErrorCode,
  type Handlers,
  type RpcError,
  type RpcResult
} from '../../shared/contract'
import { HearthError } from '../errors'
import { reportUnexpected, type ErrorLog } from './unexpectedErrors'

const Envelope = z.object({ method: z.string().max(200), input: z.unknown() })

/**
 * Runs one contract call. Never throws: every failure becomes an `ok: false` result.
 * Every transport (Electron IPC, the port to the core's process, the WebSocket host, the CLI)
 * calls this, so validation cannot drift. An unexpected failure is recorded in `errors` under a
 * request id that the caller's message names.
 */
export async function dispatch(
  handlers: Handlers,
  request: unknown,
  errors?: ErrorLog
): Promise<RpcResult<unknown>> {
  const envelope = Envelope.safeParse(request)
  if (!envelope.success) return failure('bad_request', 'Malformed request: expected {method, input}')

  const name = envelope.data.method
  if (!isMethodName(name)) return failure('unknown_method', `No method named ${name}`)

  const input = methods[name].input.safeParse(envelope.data.input ?? {})
  if (!input.success) return failure('invalid_input', describeZodError(input.error))

  let value: unknown
  try {
    // TypeScript cannot correlate `name` with its handler's input type.
    const handler = handlers[name] as (value: unknown) => Promise<unknown>
    value = await handler(input.data)
  } catch (error) {
    return { ok: false, error: toRpcError(error, name, errors) }
  }
  // Zod out as well as in: an answer that does not match its schema is a bug, reported as one,
  // and what leaves is the parsed value, so nothing the contract does not name crosses.
  const output = methods[name].output.safeParse(value)
  if (!output.success) {
    const mismatch = new Error(`The answer does not match the contract: ${describeZodError(output.error)}`)
    return { ok: false, error: toRpcError(mismatch, name, errors) }
  }
  return { ok: true, value: output.data }
}

/** One line per problem, each naming the field, e.g. `name: An agent needs a name`. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'input'}: ${issue.message}`)
    .join('; ')
}

/** An expected failure keeps its code and words; anything else is `internal`, logged with a request id. */
export function toRpcError(error: unknown, method: string, errors?: ErrorLog): RpcError {
  if (error instanceof HearthError && error.code !== 'internal')
    return { code: error.code, message: error.message }
  const { requestId, message } = reportUnexpected(errors, method, error, { method })
  return { code: 'internal', message, ...(errors ? { requestId } : {}) }
}

function failure(code: ErrorCode, message: string): RpcResult<never> {
  return { ok: false, error: { code, message } }
}
