import type { Fault } from './types'

const KINDS: readonly string[] = ['http', 'stream_error', 'drop', 'slow']

/** Injected failures; each applies to the next `count` message requests, first in first out. */
export class FaultQueue {
  private readonly queue: { fault: Fault; remaining: number }[] = []

  push(...faults: readonly Fault[]): void {
    faults.forEach((fault, index) => validateFault(fault, `faults[${index}]`))
    for (const fault of faults) this.queue.push({ fault, remaining: fault.count ?? 1 })
  }

  /** The fault for the current request (consumed), or undefined. */
  take(): Fault | undefined {
    const head = this.queue[0]
    if (!head) return undefined
    head.remaining -= 1
    if (head.remaining <= 0) this.queue.shift()
    return head.fault
  }

  get pending(): number {
    return this.queue.length
  }

  reset(): void {
    this.queue.length = 0
  }
}

/** Throws a specific error for a malformed fault (e.g. posted to /__fake/fault). */
export function validateFault(fault: unknown, path: string): asserts fault is Fault {
  if (typeof fault !== 'object' || fault === null) throw new Error(`${path}: expected an object`)
  const value = fault as Record<string, unknown>
  if (!KINDS.includes(String(value['kind'])))
    throw new Error(`${path}.kind: expected one of ${KINDS.join(', ')}`)
  if (
    value['kind'] === 'http' &&
    (typeof value['status'] !== 'number' || value['status'] < 400 || value['status'] > 599)
  ) {
    throw new Error(`${path}.status: expected an HTTP error status 400–599`)
  }
  if (value['kind'] === 'slow' && typeof value['delayMs'] !== 'number')
    throw new Error(`${path}.delayMs: expected a number`)
  if (value['count'] !== undefined && (!Number.isInteger(value['count']) || (value['count'] as number) < 1)) {
    throw new Error(`${path}.count: expected a positive integer`)
  }
  if (value['headers'] !== undefined && (typeof value['headers'] !== 'object' || value['headers'] === null)) {
    throw new Error(`${path}.headers: expected an object of strings`)
  }
}

/**
 * Headers of an injected HTTP error. The real API sends `retry-after` (seconds) on 429; the fake
 * adds `retry-after-ms: 5` on retryable statuses so SDK retries in tests take milliseconds, not
 * the SDK's 0.5–8 s default backoff. Explicit `headers` replace these defaults.
 */
export function faultHeaders(fault: Extract<Fault, { kind: 'http' }>): Record<string, string> {
  if (fault.headers) return { ...fault.headers }
  if (fault.status === 429) return { 'retry-after': '1', 'retry-after-ms': '5' }
  if (fault.status >= 500 || fault.status === 408 || fault.status === 409) return { 'retry-after-ms': '5' }
  return {}
}
