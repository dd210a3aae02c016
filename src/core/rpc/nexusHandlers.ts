import type { nexusMethods } from '../../shared/contract/nexus'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** The Nexus over the contract: the app's timeline, decision log, conflicts and project state. */
export function nexusHandlers(services: CoreServices): FeatureHandlers<typeof nexusMethods> {
  const { nexus } = services
  return {
    'nexus.list': async (filter) => nexus.list(filter),
    'nexus.post': async (input) => nexus.post(input),
    // In steps with progress: over a long log the host keeps answering the app while it checks.
    'nexus.verify': async ({ resume }) =>
      nexus.verifyInSteps((progress) => services.events.emit('nexus.verifyProgress', progress), resume),
    'nexus.decisions': async ({ limit }) => ({ entries: nexus.decisions(limit) }),
    'nexus.checkpoints': async () => ({ entries: nexus.checkpointsOfAll() }),
    'nexus.cursors': async ({ agents }) => ({ cursors: nexus.cursors(agents) }),
    'nexus.conflicts': async (query) => nexus.conflictPage(query),
    'nexus.resolve': async ({ first, second, summary, body }) => nexus.resolve(first, second, summary, body),
    'nexus.projectState.read': async () => nexus.readProjectState(),
    'nexus.projectState.save': async ({ content, baseHash, force }) =>
      nexus.saveProjectState(content, baseHash, force),
    'nexus.watch': async () => ({ watching: true as const, tailSeq: nexus.watch() })
  }
}
