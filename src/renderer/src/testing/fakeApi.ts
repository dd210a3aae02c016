import type { z } from 'zod'
import {
  events,
  methods,
  type EventName,
  type MethodInput,
  type MethodName,
  type MethodOutput
} from '../../../shared/contract'
import type { ApiClient } from '../api/client'
import type { ConnectionListener, ConnectionStatus } from '../api/connection'

/** What a scripted handler returns: anything the method's output schema accepts (parsed before the store sees it). */
type FakeOutput<M extends MethodName> = z.input<(typeof methods)[M]['output']>
type FakeHandler<M extends MethodName> = (input: MethodInput<M>) => FakeOutput<M> | Promise<FakeOutput<M>>

/**
 * An in-memory ApiClient for store tests in plain Node: scripted handlers, recorded calls, pushed
 * events. Every scripted result and pushed event goes through its contract schema first, as the
 * real core's would have: a fixture the core could never send fails the test here, naming the
 * method and field, instead of letting a store pass against a shape that does not exist.
 */
export interface FakeApi extends ApiClient {
  readonly calls: { readonly method: MethodName; readonly input: unknown }[]
  handle<M extends MethodName>(method: M, handler: FakeHandler<M>): void
  emit<E extends EventName>(event: E, payload: z.input<(typeof events)[E]>): void
  setConnection(status: ConnectionStatus): void
}

export function createFakeApi(): FakeApi {
  const handlers = new Map<string, (input: unknown) => unknown>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const connectionListeners = new Set<ConnectionListener>()
  const calls: { method: MethodName; input: unknown }[] = []
  return {
    calls,
    handle(method, handler) {
      handlers.set(method, handler as (input: unknown) => unknown)
    },
    async call(method, input) {
      calls.push({ method, input })
      const handler = handlers.get(method)
      if (handler === undefined) throw new Error(`fake api: no handler for ${method}`)
      return conforming(`${method} result`, methods[method].output, await handler(input)) as MethodOutput<
        typeof method
      >
    },
    on(event, listener) {
      const bucket = listeners.get(event) ?? new Set()
      bucket.add(listener as (payload: unknown) => void)
      listeners.set(event, bucket)
      return () => bucket.delete(listener as (payload: unknown) => void)
    },
    emit(event, payload) {
      const parsed = conforming(`${event} event`, events[event], payload)
      listeners.get(event)?.forEach((listener) => listener(parsed))
    },
    onConnection(listener) {
      connectionListeners.add(listener)
      return () => connectionListeners.delete(listener)
    },
    setConnection(status) {
      connectionListeners.forEach((listener) => listener(status))
    }
  }
}

/** The parsed value, or an error naming what the fixture got wrong. */
function conforming(what: string, schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
  throw new Error(`fake api: the ${what} does not match the contract — ${problems.join('; ')}`)
}
