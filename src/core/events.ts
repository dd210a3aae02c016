import type { EventName, EventPayload } from '../shared/contract'
import { silentLogger, type Logger } from './ports/logger'

export type EventListener = (event: string, payload: unknown) => void

/** Fan-out of core events to every connected host (IPC window, WebSocket clients, tests). */
export class EventHub {
  private readonly listeners = new Set<EventListener>()

  constructor(private readonly log: Logger = silentLogger) {}

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload)
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
