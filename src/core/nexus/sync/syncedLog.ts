import type { ForeignAppendResult } from './foreignAppend'
import type { ForeignEntry } from './deviceLog'

/** The part of the Nexus a sync needs: this home's device id, and a way to append other devices' entries. */
export interface SyncedLog {
  readonly origin: string
  mergeForeign(entries: readonly ForeignEntry[]): ForeignAppendResult
  /** Reads the device id again after it changed. */
  reloadOrigin(): void
}
