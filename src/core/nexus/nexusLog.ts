import type { NexusEntry, NexusListFilter, NexusPostResult } from '../../shared/contract/nexus'
import { DEFAULT_SIMILARITY_THRESHOLD } from './conflicts'
import type { SqliteNexusRepository } from './nexusRepository'

/** The `nexus` key of config.json, with the defaults used when it is absent. */
export interface NexusSettings {
  readonly conflictWindowMinutes: number
  readonly injectCap: number
  /** Word-set similarity (0–1) at or above which two decisions count as the same topic. */
  readonly conflictSimilarity: number
}

export const DEFAULT_NEXUS_SETTINGS: NexusSettings = {
  conflictWindowMinutes: 60,
  injectCap: 20,
  conflictSimilarity: DEFAULT_SIMILARITY_THRESHOLD
}

/**
 * The face of the Nexus its helpers work through (the turn context, the session hooks, the tools,
 * the project state): the log itself, validated posting, listing and the live settings. The
 * service implements it; the helpers never hold the service, so neither depends on the other.
 */
export interface NexusLog {
  readonly repository: SqliteNexusRepository
  /** Appends one entry; untrusted input is validated with a clear message. */
  post(raw: unknown): NexusPostResult
  list(filter: NexusListFilter): { entries: NexusEntry[]; total: number }
  /** Settings read from config.json at use time. */
  settings(): NexusSettings
}
