/**
 * The core's code (the contract's schemas, then the core's services) as slices of a few tens of
 * ms each, leaf modules first, for a host that loads it while it serves something else (`hearth
 * serve` answers the page's file requests between two slices). The order only sizes the slices:
 * a module whose imports are not loaded yet brings them along. Each entry splits the bundle into
 * more chunk files, which every CLI command then reads, so there are few: 20–60 ms each.
 */
export const CORE_CODE_SLICES: readonly (() => Promise<unknown>)[] = [
  () => import('../shared/contract/ids'),
  () => import('../shared/contract/chat'),
  () => import('../shared/contract/sessions'),
  () => import('../shared/contract/events'),
  () => import('../shared/contract'),
  () => import('./backup/pendingRestore'),
  () => import('./imports/importService'),
  () => import('./nexus/nexusService'),
  () => import('./knowledge/knowledgeService'),
  () => import('./createCore')
]
