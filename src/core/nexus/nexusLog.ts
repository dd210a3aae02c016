import type { NexusEntry, NexusListFilter, NexusPostResult } from '../../shared/contract/nexus'
import type { NexusTurnEntries } from '../../shared/contract/nexusTeam'
import type { Clock } from '../ports/clock'
import type { ConflictLedger } from './conflictLedger'
import type { NexusAcks } from './nexusAcks'
import type { NexusMarks } from './nexusMarks'
import type { SqliteNexusRepository } from './nexusRepository'

/** The `nexus` key of config.json, with the defaults used when it is absent. */
export interface NexusSettings {
  /** Other entries the per-turn block shows in full; the rest are summarised in one line. */
  readonly injectCap: number
  /** Which turns leave a `turn` entry when the model did not post one. */
  readonly turnEntries: NexusTurnEntries
  /** Tool calls between working checkpoints. */
  readonly checkpointEvery: number
}

export const DEFAULT_NEXUS_SETTINGS: NexusSettings = {
  injectCap: 20,
  turnEntries: 'meaningful',
  checkpointEvery: 8
}

/**
 * The face of the Nexus its helpers work through (the turn context, the session hooks, the tools,
 * the project state): the log itself, validated posting, listing, the live settings, and the
 * team state around the log. The service implements it; the helpers never hold the service, so
 * neither depends on the other.
 */
export interface NexusLog {
  readonly repository: SqliteNexusRepository
  readonly clock: Clock
  readonly marks: NexusMarks
  readonly acks: NexusAcks
  readonly ledger: ConflictLedger
  /** Appends one entry; untrusted input is validated with a clear message. */
  post(raw: unknown): NexusPostResult
  list(filter: NexusListFilter): { entries: NexusEntry[]; total: number }
  /** Settings read from config.json at use time. */
  settings(): NexusSettings
}
