/**
 * Named points where a write spans two stores (a file and the database). The kill tests start
 * the real CLI with `HEARTH_TEST_CRASH_AT=<point>` and the process kills itself there with
 * SIGKILL: no handler, no flush, exactly what a crash or a `kill -9` leaves.
 *
 * The hook is armed only in a test run (`NODE_ENV=test`, which the test runner sets and the kill
 * tests pass on): an ordinary or packaged run ignores the variable, so no environment can make
 * Hearth kill itself halfway through a write. Outside tests it costs one environment lookup.
 */
export type CrashPoint = 'memory.journaled' | 'memory.written' | 'memory.receipted'

/** The crash point this process is armed for, or undefined (always, outside a test run). */
export function armedCrashPoint(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_ENV !== 'test') return undefined
  const point = env.HEARTH_TEST_CRASH_AT?.trim()
  return point ? point : undefined
}

export function crashPoint(point: CrashPoint, env: NodeJS.ProcessEnv = process.env): void {
  if (env.HEARTH_TEST_CRASH_AT === undefined) return
  if (armedCrashPoint(env) === point) process.kill(process.pid, 'SIGKILL')
}
