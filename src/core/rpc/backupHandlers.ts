import type { backupMethods } from '../../shared/contract'
import { inspectBackup, restoreHome } from '../backup/homeRestore'
import { cancelRestore, restoreStatus, stageRestore, undoRestore } from '../backup/pendingRestore'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** An agent as a portable bundle; the whole home backed up and restored. */
export function backupHandlers(services: CoreServices): FeatureHandlers<typeof backupMethods> {
  return {
    'exports.agent': async ({ agentId, withSessions }) => services.backup.exportAgent(agentId, withSessions),
    'backup.create': async ({ file }) => services.backup.backup(file),
    'backup.restore': async ({ file, home }) => restoreHome(file, home, services.clock),
    'backup.inspect': async ({ file }) => {
      const manifest = await inspectBackup(file)
      return {
        file,
        createdAtMs: manifest.createdAtMs,
        appVersion: manifest.appVersion,
        counts: manifest.counts,
        home: services.paths.root,
        current: services.backup.counts()
      }
    },
    'backup.stageRestore': async ({ file }) => stageRestore(services.paths.root, file, services.clock),
    'backup.restoreStatus': async () => restoreStatus(services.paths.root),
    'backup.cancelRestore': async () => cancelRestore(services.paths.root),
    'backup.undoRestore': async () => undoRestore(services.paths.root, services.clock)
  }
}
