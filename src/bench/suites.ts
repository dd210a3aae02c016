import type { BenchSuite } from './benchTypes'
import { promptBench } from './promptBench'
import { chatBench } from './chatBench'
import { nexusBench } from './nexusBench'
import { memoryBench } from './memoryBench'
import { toolsBench } from './toolsBench'

/** Every benchmark suite, in run order. Each feature adds its suite here (one line). */
export const BENCH_SUITES: readonly BenchSuite[] = [promptBench, nexusBench, memoryBench, chatBench, toolsBench]
