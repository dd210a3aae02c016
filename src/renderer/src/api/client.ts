import type {
  EventName,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput,
  Transport
} from '../../../shared/contract'
import { isConnectionSource, type ConnectionListener } from './connection'
import { RpcError } from './rpcError'

/** The renderer's only way to reach the core, typed by the shared contract. */
export interface ApiClient {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /** Connection changes; transports that cannot disconnect (IPC) report `connected` once. */
  onConnection(listener: ConnectionListener): () => void
}

/**
 * Wraps a raw transport. Results arrive as `{ok, value} | {ok:false, error}` envelopes; a refusal
 * becomes a thrown RpcError so callers handle failures at the action that can act on them.
 * Payloads are trusted here because the core validated them against the same contract.
 */
export function createApiClient(transport: Transport): ApiClient {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  transport.subscribe((event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)))

  return {
    async call(method, input) {
      const result = await transport.invoke(method, input)
      if (!result.ok) throw new RpcError(result.error.code, result.error.message)
      return result.value as MethodOutput<typeof method>
    },
    on(event, listener) {
      const bucket = listeners.get(event) ?? new Set()
      bucket.add(listener as (payload: unknown) => void)
      listeners.set(event, bucket)
      return () => {
        bucket.delete(listener as (payload: unknown) => void)
      }
    },
    onConnection(listener) {
      if (isConnectionSource(transport)) return transport.onStatus(listener)
      listener('connected')
      return () => undefined
    }
  }
}
