import type Database from 'better-sqlite3'
import {
  NexusPostInput,
  type NexusConflict,
  type NexusCursor,
  type NexusEntry,
  type NexusListFilter,
  type NexusPostResult,
  type NexusVerifyReport
} from '../../shared/contract/nexus'
import { invalidInput } from '../errors'
import type { EventHub } from '../events'
import type { ConfigReader } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import type { Clock } from '../ports/clock'
import { silentLogger, type Logger } from '../ports/logger'
import type { Transcripts } from '../ports/transcripts'
import { describeZodError } from '../rpc/dispatch'
import type { FileService } from '../services/fileService'
import type { ToolDefinition } from '../tools/toolTypes'
import { findConflicts } from './conflicts'
import type { NexusLog, NexusSettings } from './nexusLog'
import { mirroredTailSeq, writeMirror } from './nexusMirror'
import type { SqliteNexusRepository } from './nexusRepository'
import { toNewEntry } from './nexusRules'
import { watchChatForCheckpoints } from './nexusChatWatch'
import { NexusTurnContext } from './nexusContext'
import { NexusCheckpoints, NexusSessionEndHook } from './nexusSessionHooks'
import { createNexusTools } from './nexusTools'
import { ProjectStateLog } from './projectState'
import { verifyChain } from './verifyChain'

export interface NexusServiceOptions {
  /** The log's table, opened by the composition root over the same database. */
  readonly repository: SqliteNexusRepository
  /** The channel entries written by this process get when the writer does not say: desktop or cli. */
  readonly channel: 'desktop' | 'cli'
  /** config.json; the `nexus` section is read at use time, so an edit applies without a restart. */
  readonly config: ConfigReader
  /** The chat feature's sessions, read for session summaries and working checkpoints. */
  readonly transcripts: Transcripts
  /** Milliseconds between checks for entries other processes appended (live updates). */
  readonly pollMs?: number
  /** Milliseconds to wait after an append before regenerating the markdown mirror. */
  readonly mirrorDelayMs?: number
  /** Where mirror writes and checkpoint failures are reported (neither may fail an append). */
  readonly log?: Logger
}

/**
 * The Nexus: one append-only log shared by every agent, process and MCP client. Writes go
 * through the repository's locked append; this service adds the rules around it (validation,
 * conflict flags), keeps the markdown mirror fresh, and turns appends (its own and, while
 * watched, other processes') into `nexus.appended` events.
 */
export class NexusService implements NexusLog {
  readonly repository: SqliteNexusRepository
  /** nexus/project-state.md and the `state` entries recording its saved versions. */
  readonly projectState: ProjectStateLog
  /** Read before reply: register with the chat engine as a TurnContextProvider (id 'nexus'). */
  readonly turnContext: NexusTurnContext
  /** Write after: register with the chat engine's session-end hooks. */
  readonly sessionEnd: NexusSessionEndHook
  /** Working checkpoints, fed from the chat engine's events (every K tool calls of a turn, and at compression). */
  readonly workCheckpoints: NexusCheckpoints
  private lastEmittedSeq: number
  private readonly stopChatWatch: () => void
  private pollTimer: NodeJS.Timeout | undefined
  private mirrorTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Database.Database,
    private readonly paths: HomePaths,
    readonly clock: Clock,
    private readonly events: EventHub,
    files: FileService,
    private readonly options: NexusServiceOptions
  ) {
    this.repository = options.repository
    this.projectState = new ProjectStateLog(this, files, events)
    this.turnContext = new NexusTurnContext(this)
    this.sessionEnd = new NexusSessionEndHook(this, options.transcripts)
    this.workCheckpoints = new NexusCheckpoints(this)
    this.stopChatWatch = watchChatForCheckpoints(
      events,
      options.transcripts,
      this.workCheckpoints,
      this.log.child('nexus.checkpoints')
    )
    this.lastEmittedSeq = this.repository.maxSeq()
    if (!db.readonly && this.lastEmittedSeq > 0 && mirroredTailSeq(paths.nexus) < this.lastEmittedSeq)
      this.scheduleMirror()
  }

  private get log(): Logger {
    return this.options.log ?? silentLogger
  }

  /** nexus_post and nexus_read (toolset 'nexus') for the tool registry. */
  tools(): ToolDefinition[] {
    return createNexusTools(this)
  }

  get defaultChannel(): string {
    return this.options.channel
  }

  /** Settings read from config.json at use time, so an edit applies without a restart. */
  settings(): NexusSettings {
    return this.options.config.read().config.nexus
  }

  /** Appends one entry; untrusted input (tools, MCP, CLI) is validated here with a clear message. */
  post(raw: unknown): NexusPostResult {
    const parsed = NexusPostInput.safeParse(raw)
    if (!parsed.success) throw invalidInput(describeZodError(parsed.error))
    const entry = this.repository.append(toNewEntry(parsed.data, this.options.channel))
    this.afterAppend([entry])
    return { entry, conflicts: entry.type === 'decision' ? this.conflictsWith(entry) : [] }
  }

  /** Appends many entries under one lock; for imports and the benchmark. */
  postMany(raws: readonly unknown[]): NexusEntry[] {
    const entries = raws.map((raw) => {
      const parsed = NexusPostInput.safeParse(raw)
      if (!parsed.success) throw invalidInput(describeZodError(parsed.error))
      return toNewEntry(parsed.data, this.options.channel)
    })
    const appended = this.repository.appendMany(entries)
    this.afterAppend(appended)
    return appended
  }

  /** Entries another device wrote, merged into this log by a sync: announced and mirrored like any append. */
  noteMerged(appended: readonly NexusEntry[]): void {
    if (appended.length > 0) this.afterAppend(appended)
  }

  list(filter: NexusListFilter): { entries: NexusEntry[]; total: number } {
    return this.repository.list(filter, filter.from === 'oldest')
  }

  verify(): NexusVerifyReport {
    return verifyChain(this.repository)
  }

  decisions(limit = 200): NexusEntry[] {
    return this.repository.ofType('decision', 0, limit)
  }

  checkpoints(): NexusEntry[] {
    return this.repository.latestCheckpoints()
  }

  /** Where each reader stands; authors that never read the log get cursor 0 (everything by others is unread). */
  cursors(agents?: readonly string[]): NexusCursor[] {
    return this.repository.cursors(agents)
  }

  /** Conflicting decision pairs in the whole log (unresolved ones unless asked). */
  conflicts(includeResolved = false): NexusConflict[] {
    const found = findConflicts(
      this.repository.ofType('decision'),
      this.repository.ofType('resolution'),
      this.conflictOptions()
    )
    return includeResolved ? found : found.filter((conflict) => conflict.resolvedBy === null)
  }

  /** The user settles a conflict: a `resolution` entry referencing both decisions. */
  resolve(first: number, second: number, summary: string, body?: string): NexusPostResult {
    const decisions = this.repository.get([first, second])
    if (decisions.length !== 2 || decisions.some((entry) => entry.type !== 'decision')) {
      throw invalidInput(`#${first} and #${second} must both be existing decision entries`)
    }
    return this.post({
      agent: 'user',
      type: 'resolution',
      summary,
      refs: [first, second],
      ...(body ? { body } : {})
    })
  }

  /** Starts emitting `nexus.appended` for entries written by other processes; returns the tail. */
  watch(): number {
    if (!this.pollTimer) {
      this.lastEmittedSeq = this.repository.maxSeq()
      this.pollTimer = setInterval(() => this.pump(), this.options.pollMs ?? 1000)
      this.pollTimer.unref()
    }
    return this.repository.maxSeq()
  }

  /** Emits every entry not yet announced, whoever wrote it; cheap when nothing changed. */
  pump(): void {
    if (!this.db.open) return
    while (this.repository.maxSeq() > this.lastEmittedSeq) {
      const entries = this.repository.since(this.lastEmittedSeq, 500)
      if (entries.length === 0) return
      this.lastEmittedSeq = (entries.at(-1) as NexusEntry).seq
      this.events.emit('nexus.appended', { entries })
      this.scheduleMirror()
    }
  }

  /** Rewrites the markdown mirror now (the CLI calls this before exiting). */
  flushMirror(): void {
    if (this.mirrorTimer) clearTimeout(this.mirrorTimer)
    this.mirrorTimer = undefined
    if (this.db.open) writeMirror(this.repository, this.paths.nexus)
  }

  dispose(): void {
    this.projectState.dispose()
    this.stopChatWatch()
    if (this.pollTimer) clearInterval(this.pollTimer)
    this.pollTimer = undefined
    if (this.mirrorTimer) {
      clearTimeout(this.mirrorTimer)
      this.mirrorTimer = undefined
      this.writeMirrorLogged()
    }
  }

  /**
   * Announces this process's own appends. While watched, entries other processes slipped in
   * before them are announced too (in order); unwatched, nobody needs them, so no reads.
   */
  private afterAppend(appended: readonly NexusEntry[]): void {
    if (this.pollTimer) {
      this.pump()
    } else {
      this.lastEmittedSeq = Math.max(this.lastEmittedSeq, (appended.at(-1) as NexusEntry).seq)
      this.events.emit('nexus.appended', { entries: [...appended] })
    }
    this.scheduleMirror()
  }

  /** Coalesces bursts of appends into one mirror rewrite. */
  private scheduleMirror(): void {
    if (this.mirrorTimer) return
    this.mirrorTimer = setTimeout(() => {
      this.mirrorTimer = undefined
      this.writeMirrorLogged()
    }, this.options.mirrorDelayMs ?? 150)
  }

  private writeMirrorLogged(): void {
    try {
      if (this.db.open) writeMirror(this.repository, this.paths.nexus)
    } catch (error) {
      // The mirror is a convenience copy; a full disk must not fail the append that caused it.
      this.log.warn('the markdown mirror could not be written; the log itself is intact', {
        error,
        folder: this.paths.nexus
      })
    }
  }

  private conflictOptions(): { windowMs: number; threshold: number } {
    const settings = this.settings()
    return { windowMs: settings.conflictWindowMinutes * 60_000, threshold: settings.conflictSimilarity }
  }

  private conflictsWith(entry: NexusEntry): NexusConflict[] {
    const options = this.conflictOptions()
    const nearby = this.repository.ofType('decision', entry.ts - options.windowMs)
    return findConflicts(nearby, [], options).filter(
      (conflict) => conflict.second.seq === entry.seq || conflict.first.seq === entry.seq
    )
  }
}
