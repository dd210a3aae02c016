import type { backupMethods } from '../../shared/contract'
import { exportAgent } from '../backup/agentExport'
import { backupHome } from '../backup/homeBackup'
import { restoreHome } from '../backup/homeRestore'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** An agent as a portable bundle; the whole home backed up and restored. */
export function backupHandlers(services: CoreServices): FeatureHandlers<typeof backupMethods> {
  const secrets = (): Promise<string[]> => services.settings.knownApiKeys()
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
        { db: services.db, paths: services.paths, clock: services.clock, version: services.version, secrets },
        file
      ),
    'backup.restore': async ({ file, home }) => restoreHome(file, home, services.clock)
  }
}
