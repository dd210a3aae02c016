import type { EventName, EventPayload, MethodInput, MethodName, MethodOutput } from '../../../shared/contract'
import type { ApiClient } from '../api/client'
import type { ConnectionListener, ConnectionStatus } from '../api/connection'

type FakeHandler<M extends MethodName> = (input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>

/** An in-memory ApiClient for store tests in plain Node: scripted handlers, recorded calls, pushed events. */
export interface FakeApi extends ApiClient {
  readonly calls: { readonly method: MethodName; readonly input: unknown }[]
  handle<M extends MethodName>(method: M, handler: FakeHandler<M>): void
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
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
      return (await handler(input)) as MethodOutput<typeof method>
    },
    on(event, listener) {
      const bucket = listeners.get(event) ?? new Set()
      bucket.add(listener as (payload: unknown) => void)
      listeners.set(event, bucket)
      return () => bucket.delete(listener as (payload: unknown) => void)
    },
    emit(event, payload) {
      listeners.get(event)?.forEach((listener) => listener(payload))
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
