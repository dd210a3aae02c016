import type Database from 'better-sqlite3'
import * as m0001 from './0001-agents'
import * as m0002 from './0002-sessions'
import * as m0003 from './0003-memory-bank'
import * as m0004 from './0004-nexus'
import * as m0005 from './0005-recall-log'
import * as m0007 from './0007-memory-forget-undo'
import * as m0009 from './0009-writer-identity'
import * as m0010 from './0010-session-end-work'
import * as m0011 from './0011-nexus-ids'
import * as m0014 from './0014-turn-versions'
import * as m0015 from './0015-attachments'
import * as m0016 from './0016-chat-library'
import * as m0017 from './0017-text-attachments'
import * as m0018 from './0018-search-merge-between-turns'
import * as m0025 from './0025-session-end-note'
import * as m0031 from './0031-knowledge-index'
import * as m0036 from './0036-nexus-conflicts'
import * as m0037 from './0037-nexus-acks'
import * as m0038 from './0038-nexus-turn-entries'
import * as m0039 from './0039-nexus-members-seen'
import * as m0040 from './0040-imports'
import * as m0041 from './0041-imported-sessions'
import * as m0042 from './0042-import-facts'
import * as m0046 from './0046-nexus-sync'
import * as m0052 from './0052-trusted-texts'
import * as m0053 from './0053-year-indexes'
import * as m0054 from './0054-memory-journal'
import * as m0055 from './0055-fact-pages'
import * as m0057 from './0057-streaming-calls'
import * as m0058 from './0058-nexus-conflict-pages'
import * as m0059 from './0059-session-pages'
import * as m0060 from './0060-nexus-type-order'
import * as m0061 from './0061-nexus-conflict-authors'
import * as m0062 from './0062-review-memories-ranges'
import * as m0063 from './0063-interrupted-turns'
import * as m0064 from './0064-knowledge-kind-order'
import * as m0065 from './0065-user-turn-starts'
import * as m0066 from './0066-nexus-owed-unread'
import * as m0067 from './0067-knowledge-scope'
import * as m0068 from './0068-message-outline'
import * as m0069 from './0069-row-counts'
import * as m0070 from './0070-recall-index'
import * as m0071 from './0071-nexus-verified'
import * as m0072 from './0072-nexus-type-counts'

/** One numbered, append-only schema step. Never edit an applied migration; add a new one. */
export interface Migration {
  readonly version: number
  readonly name: string
  readonly up: (db: Database.Database) => void
  /**
   * For a version registered after higher ones already shipped: whether its change is in the
   * database. A database already past this version that lacks it gets it applied anyway.
   */
  readonly isApplied?: (db: Database.Database) => boolean
}

/**
 * The ordered migration list. Versions are pre-allocated per feature so parallel work
 * cannot collide: 1 agents, 2 sessions/messages, 3 memory bank, 4 nexus, 5 recall log,
 * 7 forgetting facts and undoing memory writes, 9 reply writer identity, 10 session-end work.
 * Register yours in version order even if a lower number is not there yet.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001-agents', up: m0001.up },
  { version: 2, name: '0002-sessions', up: m0002.up },
  { version: 3, name: '0003-memory-bank', up: m0003.up },
  { version: 4, name: '0004-nexus', up: m0004.up },
  { version: 5, name: '0005-recall-log', up: m0005.up },
  { version: 7, name: '0007-memory-forget-undo', up: m0007.up },
  { version: 9, name: '0009-writer-identity', up: m0009.up, isApplied: m0009.isApplied },
  { version: 10, name: '0010-session-end-work', up: m0010.up, isApplied: m0010.isApplied },
  { version: 11, name: '0011-nexus-ids', up: m0011.up },
  { version: 14, name: '0014-turn-versions', up: m0014.up },
  { version: 15, name: '0015-attachments', up: m0015.up },
  { version: 16, name: '0016-chat-library', up: m0016.up, isApplied: m0016.isApplied },
  { version: 17, name: '0017-text-attachments', up: m0017.up, isApplied: m0017.isApplied },
  { version: 18, name: '0018-search-merge-between-turns', up: m0018.up },
  { version: 25, name: '0025-session-end-note', up: m0025.up, isApplied: m0025.isApplied },
  { version: 31, name: '0031-knowledge-index', up: m0031.up },
  { version: 36, name: '0036-nexus-conflicts', up: m0036.up, isApplied: m0036.isApplied },
  { version: 37, name: '0037-nexus-acks', up: m0037.up, isApplied: m0037.isApplied },
  { version: 38, name: '0038-nexus-turn-entries', up: m0038.up, isApplied: m0038.isApplied },
  { version: 39, name: '0039-nexus-members-seen', up: m0039.up, isApplied: m0039.isApplied },
  { version: 40, name: '0040-imports', up: m0040.up },
  { version: 41, name: '0041-imported-sessions', up: m0041.up, isApplied: m0041.isApplied },
  { version: 42, name: '0042-import-facts', up: m0042.up },
  { version: 46, name: '0046-nexus-sync', up: m0046.up },
  { version: 52, name: '0052-trusted-texts', up: m0052.up, isApplied: m0052.isApplied },
  { version: 53, name: '0053-year-indexes', up: m0053.up, isApplied: m0053.isApplied },
  { version: 54, name: '0054-memory-journal', up: m0054.up },
  { version: 55, name: '0055-fact-pages', up: m0055.up },
  { version: 57, name: '0057-streaming-calls', up: m0057.up, isApplied: m0057.isApplied },
  { version: 58, name: '0058-nexus-conflict-pages', up: m0058.up, isApplied: m0058.isApplied },
  { version: 59, name: '0059-session-pages', up: m0059.up },
  { version: 60, name: '0060-nexus-type-order', up: m0060.up },
  { version: 61, name: '0061-nexus-conflict-authors', up: m0061.up },
  { version: 62, name: '0062-review-memories-ranges', up: m0062.up },
  { version: 63, name: '0063-interrupted-turns', up: m0063.up, isApplied: m0063.isApplied },
  { version: 64, name: '0064-knowledge-kind-order', up: m0064.up },
  { version: 65, name: '0065-user-turn-starts', up: m0065.up },
  { version: 66, name: '0066-nexus-owed-unread', up: m0066.up },
  { version: 67, name: '0067-knowledge-scope', up: m0067.up },
  { version: 68, name: '0068-message-outline', up: m0068.up },
  { version: 69, name: '0069-row-counts', up: m0069.up },
  { version: 70, name: '0070-recall-index', up: m0070.up },
  { version: 71, name: '0071-nexus-verified', up: m0071.up },
  { version: 72, name: '0072-nexus-type-counts', up: m0072.up }
]
