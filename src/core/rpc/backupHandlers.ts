import type { backupMethods } from '../../shared/contract'
import { exportAgent } from '../backup/agentExport'
import { backupHome } from '../backup/homeBackup'
import { homeCounts } from '../backup/homeCounts'
import { inspectBackup, restoreHome } from '../backup/homeRestore'
import { cancelRestore, restoreStatus, stageRestore, undoRestore } from '../backup/pendingRestore'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** An agent as a portable bundle; the whole home backed up and restored. */
export function backupHandlers(services: CoreServices): FeatureHandlers<typeof backupMethods> {
  const secrets = (): Promise<string[]> => services.settings.knownSecrets()
  return {
    'exports.agent': async ({ agentId, withSessions }) =>
      exportAgent(
        {
          paths: services.paths,
          clock: services.clock,
          agents: services.agents,
          config: services.config,
          facts: services.memory.facts,
          memoryFiles: services.memory.files,
          memoryDocs: services.memory.memoryFiles,
          sessions: services.chatStores.sessions,
          chats: services.chatLibrary,
          secrets
        },
        agentId,
        withSessions
      ),
    'backup.create': async ({ file }) =>
      backupHome(
        {
          db: services.db,
          paths: services.paths,
          clock: services.clock,
          version: services.version,
          secrets,
          onProgress: (progress) => services.events.emit('backup.progress', progress)
        },
        file
      ),
    'backup.restore': async ({ file, home }) => restoreHome(file, home, services.clock),
    'backup.inspect': async ({ file }) => {
      const manifest = await inspectBackup(file)
      return {
        file,
        createdAtMs: manifest.createdAtMs,
        appVersion: manifest.appVersion,
        counts: manifest.counts,
        home: services.paths.root,
        current: homeCounts(services.db)
      }
    },
    'backup.stageRestore': async ({ file }) => stageRestore(services.paths.root, file, services.clock),
    'backup.restoreStatus': async () => restoreStatus(services.paths.root),
    'backup.cancelRestore': async () => cancelRestore(services.paths.root),
    'backup.undoRestore': async () => undoRestore(services.paths.root, services.clock)
  }
}
