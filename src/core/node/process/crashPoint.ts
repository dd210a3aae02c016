/**
 * Named points where a write spans two stores (a file and the database). The kill tests start
 * the real CLI with `HEARTH_TEST_CRASH_AT=<point>` and the process kills itself there with
 * SIGKILL: no handler, no flush, exactly what a crash or a `kill -9` leaves. Unset (always,
 * outside those tests) it costs one environment lookup.
 */
export type CrashPoint = 'memory.journaled' | 'memory.written' | 'memory.receipted'

export function crashPoint(point: CrashPoint): void {
  if (process.env.HEARTH_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL')
}
