import type { BenchSuite } from './benchTypes'
import { promptBench } from './promptBench'

/** Every benchmark suite, in run order. Each feature adds its suite here (one line). */
export const BENCH_SUITES: readonly BenchSuite[] = [promptBench]
