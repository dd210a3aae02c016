import type { BenchSuite } from './benchTypes'
import { promptBench } from './promptBench'
import { chatBench } from './chatBench'
import { memoryBench } from './memoryBench'
import { nexusBench } from './nexusBench'
import { toolsBench } from './toolsBench'
import { dayBench } from './dayBench'
import { rendererBench } from './rendererBench'

/** Every benchmark suite, in run order. Each feature adds its suite here (one line). */
export const BENCH_SUITES: readonly BenchSuite[] = [
  promptBench,
  memoryBench,
  nexusBench,
  chatBench,
  toolsBench,
  dayBench,
  rendererBench
]
