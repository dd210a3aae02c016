import type { EventName, EventPayload } from '../shared/contract'

export type EventListener = (event: string, payload: unknown) => void

/** Fan-out of core events to every connected host (IPC window, WebSocket clients, tests). */
export class EventHub {
  private readonly listeners = new Set<EventListener>()

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(event, payload)
      } catch {
        // A broken listener (closed socket) must not stop the others.
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
