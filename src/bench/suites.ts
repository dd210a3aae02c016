import type { BenchSuite } from './benchTypes'
import { promptBench } from './promptBench'
import { chatBench } from './chatBench'
import { memoryBench } from './memoryBench'
import { nexusBench } from './nexusBench'
import { nexusSyncBench } from './nexusSyncBench'
import { toolsBench } from './toolsBench'
import { dayBench } from './dayBench'
import { rendererBench } from './rendererBench'
import { knowledgeBench } from './knowledgeBench'
import { importBench } from './importBench'
import { mcpSoakBench } from './mcpSoakBench'

/** Every benchmark suite, in run order. Each feature adds its suite here (one line). */
export const BENCH_SUITES: readonly BenchSuite[] = [
  promptBench,
  memoryBench,
  knowledgeBench,
  nexusBench,
  nexusSyncBench,
  chatBench,
  toolsBench,
  dayBench,
  rendererBench,
  importBench,
  mcpSoakBench
]
