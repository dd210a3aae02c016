import type { AgentExportFile, BackupProgress, BackupResult } from '../../shared/contract/backup'
import type { AgentId } from '../../shared/contract/ids'
import type { HomePaths } from '../home/homePaths'
import type { Db } from '../node/db/openDatabase'
import type { Clock } from '../ports/clock'
import { exportAgent, type AgentExportDeps } from './agentExport'
import { backupHome } from './homeBackup'
import { homeCounts } from './homeCounts'
import type { ChatStores } from '../chat/store/chatStores'
import type { ChatLibrary } from '../chats/chatLibrary'
import type { EventHub } from '../events'
import type { ConfigStore } from '../home/configStore'
import type { MemoryService } from '../memory/memoryService'
import type { AgentService } from '../services/agentService'
import type { SettingsService } from '../services/settingsService'
import { HEARTH_VERSION } from '../../shared/version'

export interface BackupServiceDeps {
  readonly db: Db
  readonly paths: HomePaths
  readonly clock: Clock
  readonly version: string
  /** What an agent's bundle reads (its files, facts and chats), the secrets included. */
  readonly exports: AgentExportDeps
  readonly onProgress: (progress: BackupProgress) => void
}

/**
 * Backups and exports behind one face, so the handlers never hold the database: an agent as a
 * portable bundle, the whole home as one archive, and what the home holds now (for a restore's
 * before/after).
 */
export class BackupService {
  constructor(private readonly deps: BackupServiceDeps) {}

  exportAgent(agentId: AgentId, withSessions: boolean): Promise<AgentExportFile> {
    return exportAgent(this.deps.exports, agentId, withSessions)
  }

  backup(file?: string): Promise<BackupResult> {
    const { db, paths, clock, version, exports, onProgress } = this.deps
    return backupHome({ db, paths, clock, version, secrets: exports.secrets, onProgress }, file)
  }

  /** Rows per kind in the open home, as a backup's manifest counts them. */
  counts(): Record<string, number> {
    return homeCounts(this.deps.db)
  }
}

interface BackupWiring {
  readonly db: Db
  readonly paths: HomePaths
  readonly clock: Clock
  readonly agents: AgentService
  readonly config: ConfigStore
  readonly memory: MemoryService
  readonly chatStores: ChatStores
  readonly chatLibrary: ChatLibrary
  readonly settings: SettingsService
  readonly events: EventHub
}

/** The backup service as the composition root wires it: bundles read through the memory and chat services. */
export function backupServiceFor(w: BackupWiring): BackupService {
  return new BackupService({
    db: w.db,
    paths: w.paths,
    clock: w.clock,
    version: HEARTH_VERSION,
    exports: {
      paths: w.paths,
      clock: w.clock,
      agents: w.agents,
      config: w.config,
      facts: w.memory.facts,
      memoryFiles: w.memory.files,
      memoryDocs: w.memory.memoryFiles,
      sessions: w.chatStores.sessions,
      chats: w.chatLibrary,
      secrets: () => w.settings.knownSecrets()
    },
    onProgress: (progress) => w.events.emit('backup.progress', progress)
  })
}
