/** Whether the page can reach its host now, and a way to hear when it can again. */
export interface HostReach {
  readonly connected: () => boolean
  /** Calls `then` once, the next time the page is connected. */
  readonly whenConnected: (then: () => void) => void
}

/**
 * Runs `loads` one at a time, each in its own idle moment, and only while the host is reachable:
 * in a browser the code comes from `hearth serve`, and a fetch made while it restarts fails (and
 * the browser may keep that failure for the module). A load that fails while the host is away is
 * tried again once it is back; one that fails while connected is left for its section to meet
 * again, and show, when opened.
 */
export function preloadInOrder(
  loads: readonly (() => Promise<unknown>)[],
  reach: HostReach,
  idle: (step: () => void) => void
): void {
  const queue = [...loads]
  const next = (): void => {
    const load = queue[0]
    if (load === undefined) return
    if (!reach.connected()) {
      reach.whenConnected(() => idle(next))
      return
    }
    void load().then(
      () => {
        queue.shift()
        idle(next)
      },
      () => {
        if (reach.connected()) queue.shift()
        idle(next)
      }
    )
  }
  next()
}
