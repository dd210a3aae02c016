import type { NexusEntry } from '../../shared/contract/nexus'
import type { ConflictLedger } from './conflictLedger'
import type { NexusAcks } from './nexusAcks'
import type { NexusMembers } from './nexusMembers'
import type { NexusService } from './nexusService'
import type { NexusTurnEntries } from './nexusTurnEntries'
import type { ProjectStateLog } from './projectState'
import type { NexusSync } from './sync/nexusSync'

/**
 * The Nexus as the hosts use it: one method per thing a handler, a CLI command or an MCP tool
 * does. The handlers, the CLI and MCP see only this face (`CoreServices.nexus`); the log's
 * repository, marks and ledgers behind it are wired by the composition root and the Nexus's own
 * parts, and reached by nobody else.
 */
export interface NexusUseCases {
  // The log.
  list: NexusService['list']
  post: NexusService['post']
  /** Many entries under one lock: imports, the benchmark and the test homes. */
  postMany: NexusService['postMany']
  /** The entries with these numbers, in log order (a missing number is left out). */
  entries(seqs: readonly number[]): NexusEntry[]
  verify: NexusService['verify']
  verifyInSteps: NexusService['verifyInSteps']
  decisions: NexusService['decisions']
  checkpointsOfAll: NexusService['checkpointsOfAll']
  cursors: NexusService['cursors']
  watch: NexusService['watch']
  /**
   * A page of what others wrote since `reader`'s cursor, oldest first, and the cursor moved past
   * it: to the tail once nothing is left (past the reader's own entries too).
   */
  readUnread(reader: string, author: string, limit: number): UnreadPage
  /** Rewrites the markdown mirror now (a one-shot process before it exits). */
  flushMirror: NexusService['flushMirror']

  // Conflicts between decisions.
  conflicts: NexusService['conflicts']
  conflictPage: NexusService['conflictPage']
  /** A page of the open conflicts, checked by key terms only (no wait for the meaning check). */
  openConflictPage: ConflictLedger['page']
  openConflictsInvolvingPage: ConflictLedger['openInvolvingPage']
  resolve: NexusService['resolve']

  // The team: settings, acknowledgements, members from other runtimes, marked turns.
  settings: NexusService['settings']
  updateSettings: NexusService['updateSettings']
  ackStatus: NexusAcks['statusInSteps']
  dismissAck: NexusAcks['dismiss']
  awaitingAckPage: NexusAcks['awaitingPage']
  members: NexusMembers['list']
  memberBindings: NexusMembers['bindings']
  bindMember: NexusMembers['bind']
  revokeMember: NexusMembers['revoke']
  /** A bound member was seen (Settings shows the last sighting). */
  memberSeen: NexusMembers['seen']
  markTurn: NexusTurnEntries['mark']

  // nexus/project-state.md and its recorded versions.
  readProjectState: ProjectStateLog['read']
  currentProjectState: ProjectStateLog['current']
  saveProjectState: ProjectStateLog['save']
  /** An agent's compare-and-swap write: a stale base is an answer, not an error. */
  updateProjectState: ProjectStateLog['update']
}

export interface UnreadPage {
  readonly entries: NexusEntry[]
  /** How many more unread entries wait after this page. */
  readonly remaining: number
  readonly from: number
  readonly to: number
}

/** The Nexus across devices as the hosts use it; the schedule and closing stay with the core's life. */
export type NexusSyncUseCases = Pick<NexusSync, 'status' | 'run' | 'configure' | 'release' | 'newDeviceId'>
