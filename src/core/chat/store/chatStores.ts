import type { Db } from '../../node/db/openDatabase'
import { isStampAlive } from '../../node/process/processIdentity'
import type { Transcripts } from '../../ports/transcripts'
import { CallRepository } from './callRepository'
import { ChatLibraryRepository } from './chatLibraryRepository'
import { chatTranscripts } from './chatTranscripts'
import { SessionRepository } from './sessionRepository'
import { SessionSearch } from './sessionSearch'

/** Chat's tables behind their repositories: opened once by the composition root and handed on. */
export interface ChatStores {
  /** Sessions, messages, turn versions and their heads. */
  readonly sessions: SessionRepository
  /** One row per API call, with its usage and cost. */
  readonly calls: CallRepository
  /** Names, pins, the trash and title search: what a person does with their chats. */
  readonly library: ChatLibraryRepository
  /** Full-text search over the stored messages. */
  readonly search: SessionSearch
  /** What other features may read of a session (retention, the Nexus, memory). */
  readonly transcripts: Transcripts
}

/**
 * Opens chat's repositories on the home's database. Rows a killed process left "streaming" are
 * marked interrupted here, once, before anything reads them (a read-only home is left as it is).
 */
export function openChatStores(db: Db, nowMs: number): ChatStores {
  const sessions = new SessionRepository(db)
  const stores: ChatStores = {
    sessions,
    calls: new CallRepository(db),
    library: new ChatLibraryRepository(db),
    search: new SessionSearch(db),
    transcripts: chatTranscripts(db, sessions)
  }
  if (!db.readonly) {
    stores.sessions.recoverInterrupted(isStampAlive, nowMs)
    stores.calls.recoverInterrupted(isStampAlive, nowMs)
  }
  return stores
}
