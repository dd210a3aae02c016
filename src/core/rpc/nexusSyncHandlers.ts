import type { nexusSyncMethods } from '../../shared/contract/nexusSync'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** The Nexus across devices over the contract: Settings → Sync and `hearth nexus sync`. */
export function nexusSyncHandlers(services: CoreServices): FeatureHandlers<typeof nexusSyncMethods> {
  const { nexusSync } = services
  return {
    'nexus.sync.status': async () => nexusSync.status(),
    'nexus.sync.run': async ({ remote }) => nexusSync.run(remote),
    'nexus.sync.configure': async (change) => nexusSync.configure(change),
    'nexus.sync.release': async ({ device }) => nexusSync.release(device),
    'nexus.sync.newDeviceId': async () => nexusSync.newDeviceId()
  }
}
