import { z } from 'zod'
import type { Handlers, RpcResult, Transport } from '../../shared/contract'
import { dispatch } from './dispatch'
import type { ErrorLog } from './unexpectedErrors'

/**
 * The contract over a message port, for a core that runs in another process or thread (the
 * Electron utility process; worker threads in tests). The core's side answers every call with
 * the same `dispatch` the IPC and WebSocket hosts use, and forwards every event; the other side
 * is an ordinary `Transport`. Messages are structured-cloned, so they are plain data only.
 */

/** The part of a message port both ends use: worker_threads' MessagePort and Electron's MessagePortMain fit behind it. */
export interface PortLike {
  postMessage(message: unknown): void
  /** Delivers each message's data (an adapter unwraps Electron's `{ data }` events); returns an unsubscribe. */
  onMessage(listener: (data: unknown) => void): () => void
  /** Called once when the other end is gone (its process exited or the port closed). */
  onClose(listener: () => void): () => void
}

/** `request` travels as the renderer sent it: `dispatch` on the core's side is what checks it. */
const CallMessage = z.object({
  kind: z.literal('call'),
  id: z.number().int().nonnegative(),
  request: z.unknown()
})
const ResultMessage = z.object({
  kind: z.literal('result'),
  id: z.number().int().nonnegative(),
  result: z.custom<RpcResult<unknown>>(
    (value) => typeof value === 'object' && value !== null && 'ok' in value
  )
})
const EventMessage = z.object({ kind: z.literal('event'), name: z.string(), payload: z.unknown() })

export interface ServedCore {
  readonly handlers: Handlers
  readonly subscribe: (listener: (name: string, payload: unknown) => void) => () => void
  readonly errorLog?: ErrorLog
}

/** Serves `core` on `port` until the returned function is called. Messages that are not calls are ignored. */
export function servePort(port: PortLike, core: ServedCore): () => void {
  const stopEvents = core.subscribe((name, payload) => port.postMessage({ kind: 'event', name, payload }))
  const stopCalls = port.onMessage((data) => {
    const call = CallMessage.safeParse(data)
    if (!call.success) return
    const { id, request } = call.data
    void dispatch(core.handlers, request, core.errorLog).then((result) => answer(port, id, result))
  })
  return () => {
    stopEvents()
    stopCalls()
  }
}

/** Posts a result; one that cannot be cloned (a bug in a handler) still answers, as an error naming why. */
function answer(port: PortLike, id: number, result: RpcResult<unknown>): void {
  try {
    port.postMessage({ kind: 'result', id, result })
  } catch (error) {
    const message = `The result could not be sent to the app: ${error instanceof Error ? error.message : String(error)}`
    port.postMessage({ kind: 'result', id, result: { ok: false, error: { code: 'internal', message } } })
  }
}

/** The message that ends a call whose answer can no longer come (the window says what happens next). */
export const CORE_GONE: RpcResult<never> = {
  ok: false,
  error: { code: 'internal', message: 'The Hearth core stopped before it answered.' }
}

/** A Transport to the core on a port; `request` forwards an unchecked `{method, input}` (what main's IPC receives). */
export interface PortClient extends Transport {
  request(raw: unknown): Promise<RpcResult<unknown>>
}

/** A client of a core served on the other end of `port`. After the port closes, calls fail at once with a clear error. */
export function connectPort(port: PortLike): PortClient {
  const pending = new Map<number, (result: RpcResult<unknown>) => void>()
  const listeners = new Set<(event: string, payload: unknown) => void>()
  let nextId = 0
  let closed = false
  port.onMessage((data) => {
    const result = ResultMessage.safeParse(data)
    if (result.success) {
      pending.get(result.data.id)?.(result.data.result)
      pending.delete(result.data.id)
      return
    }
    const event = EventMessage.safeParse(data)
    if (event.success) listeners.forEach((listener) => listener(event.data.name, event.data.payload))
  })
  port.onClose(() => {
    closed = true
    pending.forEach((resolve) => resolve(CORE_GONE))
    pending.clear()
  })
  const request = (raw: unknown): Promise<RpcResult<unknown>> =>
    new Promise((resolve) => {
      if (closed) return resolve(CORE_GONE)
      const id = nextId++
      pending.set(id, resolve)
      port.postMessage({ kind: 'call', id, request: raw })
    })
  return {
    request,
    invoke: (method, input) => request({ method, input }),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
