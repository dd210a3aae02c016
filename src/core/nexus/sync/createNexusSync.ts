import type Database from 'better-sqlite3'
import type { EventHub } from '../../events'
import type { ConfigStore } from '../../home/configStore'
import type { HomePaths } from '../../home/homePaths'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { SqliteNexusRepository } from '../nexusRepository'
import type { NexusService } from '../nexusService'
import { appendForeign } from './foreignAppend'
import { NexusSync } from './nexusSync'

export interface NexusSyncWiring {
  readonly db: Database.Database
  readonly paths: HomePaths
  readonly repository: SqliteNexusRepository
  readonly nexus: NexusService
  readonly config: ConfigStore
  readonly clock: Clock
  readonly events: EventHub
  readonly log: Logger
  /** Every secret this process knows, kept from leaving through the remote. */
  readonly secrets: () => Promise<readonly string[]>
}

/** The sync over the home's Nexus: merged entries are appended to the same log and announced like any append. */
export function createNexusSync(wiring: NexusSyncWiring): NexusSync {
  const { db, repository, nexus, clock } = wiring
  return new NexusSync({
    db,
    dir: wiring.paths.sync,
    config: wiring.config,
    clock,
    events: wiring.events,
    logger: wiring.log,
    secrets: wiring.secrets,
    log: {
      get origin(): string {
        return repository.origin
      },
      mergeForeign(entries) {
        const result = appendForeign(db, repository, clock, entries)
        nexus.noteMerged(result.appended)
        return result
      },
      reloadOrigin: () => repository.reloadOrigin()
    }
  })
}
