/** Time source; tests inject a fixed or steppable clock. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
