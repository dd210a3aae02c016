import type { BenchSuite } from './benchTypes'

/** Every benchmark suite, in run order. Each feature adds its suite here (one line). */
export const BENCH_SUITES: readonly BenchSuite[] = []
