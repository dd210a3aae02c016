import type { Handlers, MethodInput, MethodName, MethodOutput } from '../../shared/contract'
import { dispatch } from '../rpc/dispatch'

/** A refusal of a contract call in a test: the contract's error code and words. */
export class RefusedCall extends Error {
  constructor(
    readonly code: string,
    readonly reason: string
  ) {
    super(`${code}: ${reason}`)
    this.name = 'RefusedCall'
  }
}

/**
 * One contract call through `dispatch`, as a transport makes it, typed by the contract: the input
 * is checked against the method's schema at compile time, and the answer is the one `dispatch`
 * parsed against the method's output schema. A refusal throws a `RefusedCall`.
 */
export async function callCore<M extends MethodName>(
  handlers: Handlers,
  method: M,
  input: MethodInput<M>
): Promise<MethodOutput<M>> {
  const result = await dispatch(handlers, { method, input })
  if (!result.ok) throw new RefusedCall(result.error.code, result.error.message)
  // dispatch parsed the value with `methods[method].output`; TypeScript cannot correlate `method` with it.
  return result.value as MethodOutput<M>
}

/** `callCore` bound to a core read at each call (tests replace their core between cases). */
export type CoreCall = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<MethodOutput<M>>

export function callerOf(core: () => { readonly handlers: Handlers }): CoreCall {
  return (method, input) => callCore(core().handlers, method, input)
}

/** The value a test goes on with, or a failure naming what was missing (a `find` that found nothing). */
export function present<T>(value: T | undefined | null, what = 'a value'): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, found none`)
  return value
}
