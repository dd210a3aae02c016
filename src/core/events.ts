import {
  events,
  type EventArgs,
  type EventName,
  type EventPayload,
  type TypedEventListener
} from '../shared/contract'
import { describeZodError } from './rpc/dispatch'
import { newRequestId } from './rpc/unexpectedErrors'
import { silentLogger, type Logger } from './ports/logger'

/**
 * A listener of every core event, typed by the contract's event map (see TypedEventListener). A
 * transport that forwards everything may take plain `(event: string, payload: unknown)`.
 */
export type EventListener = TypedEventListener

/**
 * Fan-out of core events to every connected host (IPC window, WebSocket clients, tests). Every
 * payload is parsed against the contract's schema before anyone sees it ("zod out"): one that
 * does not match is a bug, logged with a request id and not delivered, so no host ever passes a
 * malformed event on to a renderer.
 */
export class EventHub {
  private readonly listeners = new Set<EventListener>()

  constructor(private readonly log: Logger = silentLogger) {}

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    const checked = events[event].safeParse(payload)
    if (!checked.success) {
      this.log.error(`an event does not match the contract and was not sent: ${event}`, {
        requestId: newRequestId(),
        problems: describeZodError(checked.error)
      })
      return
    }
    // The schema of `event` produced it; TypeScript cannot follow the generic through the map.
    const args = [event, checked.data] as EventArgs
    for (const listener of this.listeners) {
      try {
        listener(...args)
      } catch (error) {
        // A broken listener (a closed socket) must not stop the others; the log says which event.
        this.log.warn(`a listener failed on ${event}`, { error })
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }
}
