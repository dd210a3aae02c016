import { events, type EventName, type EventPayload } from '../../shared/contract'

/**
 * The payloads of one event among those a test recorded as `{event, payload}`, each parsed with
 * the contract's schema (so a test reads them typed, and a malformed one fails the test).
 */
export function payloadsOf<E extends EventName>(
  emitted: readonly { readonly event: string; readonly payload: unknown }[],
  name: E
): EventPayload<E>[] {
  // The schema of `name` parsed it; TypeScript cannot follow the generic through the event map.
  return emitted
    .filter((entry) => entry.event === name)
    .map((entry) => events[name].parse(entry.payload) as EventPayload<E>)
}
