import type Database from 'better-sqlite3'
import type { AgentId } from '../../shared/contract'
import {
  NexusPostInput,
  type NexusConflict,
  type NexusConflictPage,
  type NexusConflictQuery,
  type NexusCursor,
  type NexusEntry,
  type NexusListFilter,
  type NexusPostResult,
  type NexusVerifyReport
} from '../../shared/contract/nexus'
import type { NexusTeamSettings } from '../../shared/contract/nexusTeam'
import { invalidInput } from '../errors'
import type { EventHub } from '../events'
import type { ConfigStore } from '../home/configStore'
import type { HomePaths } from '../home/homePaths'
import type { Clock } from '../ports/clock'
import type { DecisionSimilarity } from '../ports/decisionSimilarity'
import { silentLogger, type Logger } from '../ports/logger'
import type { Transcripts } from '../ports/transcripts'
import { describeZodError } from '../rpc/dispatch'
import type { FileService } from '../services/fileService'
import type { ToolDefinition } from '../tools/toolTypes'
import { ConflictLedger } from './conflictLedger'
import { NexusAcks } from './nexusAcks'
import { watchChatTurns } from './nexusChatWatch'
import { NexusCheckpoints } from './nexusCheckpoints'
import { NexusTurnContext } from './nexusContext'
import type { NexusLog, NexusSettings } from './nexusLog'
import { NexusMarks } from './nexusMarks'
import { NexusMembers } from './nexusMembers'
import { NexusMirrorWriter } from './nexusMirrorWriter'
import type { SqliteNexusRepository } from './nexusRepository'
import { toNewEntry } from './nexusRules'
import { NexusSessionEndHook } from './nexusSessionHooks'
import { createNexusTools } from './nexusTools'
import { NexusTurnEntries } from './nexusTurnEntries'
import { ProjectStateLog } from './projectState'
import type { VerifyProgress } from './verifyChain'
import { ChainChecks } from './chainChecks'

export interface NexusServiceOptions {
  /** The log's table, opened by the composition root over the same database. */
  readonly repository: SqliteNexusRepository
  /** The channel entries written by this process get when the writer does not say: desktop or cli. */
  readonly channel: 'desktop' | 'cli'
  /** config.json; the `nexus` section is read at use time, so an edit applies without a restart. */
  readonly config: Pick<ConfigStore, 'read' | 'patch'>
  /** The chat feature's sessions, read for turn and session summaries and working checkpoints. */
  readonly transcripts: Transcripts
  /** The person's Hearth agents: they owe acknowledgements from when they were created. */
  readonly agents: {
    list(): readonly { readonly id: AgentId; readonly name: string; readonly createdAtMs: number }[]
  }
  /** Meaning similarity from the knowledge layer, when it is configured (conflicts worded differently). */
  readonly similarity?: DecisionSimilarity
  /** Milliseconds between checks for entries other processes appended (live updates). */
  readonly pollMs?: number
  /** Milliseconds to wait after an append before regenerating the markdown mirror. */
  readonly mirrorDelayMs?: number
  /** Where mirror writes and background failures are reported (neither may fail an append). */
  readonly log?: Logger
}

/** Conflicts a page holds when the caller does not say. */
const CONFLICT_PAGE = 50

/**
 * The Nexus: one append-only log shared by every agent, process and MCP client, and the team
 * state kept around it. Writes go through the repository's locked append; this service adds the
 * rules (validation, conflict checks), the acknowledgements, checkpoints and turn entries, the
 * members from other runtimes, keeps the markdown mirror fresh, and turns appends (its own and,
 * while watched, other processes') into `nexus.appended` events.
 */
export class NexusService implements NexusLog {
  readonly repository: SqliteNexusRepository
  readonly marks: NexusMarks
  readonly acks: NexusAcks
  readonly ledger: ConflictLedger
  readonly members: NexusMembers
  /** nexus/project-state.md and the `state` entries recording its saved versions. */
  readonly projectState: ProjectStateLog
  /** Working checkpoints: the model's own, and Hearth's when none came. */
  readonly checkpoints: NexusCheckpoints
  /** One entry per meaningful turn. */
  readonly turnEntries: NexusTurnEntries
  /** Read before reply: register with the chat engine as a TurnContextProvider (id 'nexus'). */
  readonly turnContext: NexusTurnContext
  /** Write after: register with the chat engine's session-end hooks. */
  readonly sessionEnd: NexusSessionEndHook
  private readonly mirror: NexusMirrorWriter
  private readonly stopChatWatch: () => void
  private readonly checks: ChainChecks
  /** Aborts the background meaning check when the service closes. */
  private readonly closing = new AbortController()

  constructor(
    private readonly db: Database.Database,
    paths: HomePaths,
    readonly clock: Clock,
    events: EventHub,
    files: FileService,
    private readonly options: NexusServiceOptions
  ) {
    this.repository = options.repository
    this.marks = new NexusMarks(db, clock)
    this.checks = new ChainChecks(db, this.repository, clock)
    this.members = new NexusMembers(db, options.config, clock, () =>
      options.agents.list().map((agent) => agent.id)
    )
    this.acks = new NexusAcks(db, this.repository, this.marks, clock, () => this.ackMembers())
    this.ledger = new ConflictLedger(db, this.repository, this.marks, clock, options.similarity)
    this.projectState = new ProjectStateLog(this, files, events)
    this.checkpoints = new NexusCheckpoints(this)
    this.turnEntries = new NexusTurnEntries(db, this, options.transcripts)
    this.turnContext = new NexusTurnContext(this, {
      nudgeFor: (sessionId) => this.checkpoints.nudgeFor(sessionId),
      stateText: () => this.projectState.current().text
    })
    this.sessionEnd = new NexusSessionEndHook(this, options.transcripts, this.turnEntries)
    this.mirror = new NexusMirrorWriter(db, this.repository, paths.nexus, events, this.log, options)
    this.stopChatWatch = watchChatTurns(
      events,
      options.transcripts,
      { checkpoints: this.checkpoints, turnEntries: this.turnEntries },
      this.log.child('nexus.turns')
    )
  }

  private get log(): Logger {
    return this.options.log ?? silentLogger
  }

  /** The Nexus tools (toolset 'nexus') for the tool registry. */
  tools(): ToolDefinition[] {
    return createNexusTools(this, { checkpoints: this.checkpoints, projectState: this.projectState })
  }

  get defaultChannel(): string {
    return this.options.channel
  }

  /** Settings read from config.json at use time, so an edit applies without a restart. */
  settings(): NexusSettings {
    return this.options.config.read().config.nexus
  }

  async updateSettings(patch: Partial<NexusTeamSettings>): Promise<NexusTeamSettings> {
    await this.options.config.patch({ nexus: patch })
    return this.settings()
  }

  /** Appends one entry; untrusted input (tools, MCP, CLI) is validated here with a clear message. */
  post(raw: unknown): NexusPostResult {
    const parsed = NexusPostInput.safeParse(raw)
    if (!parsed.success) throw invalidInput(describeZodError(parsed.error))
    const entry = this.repository.append(toNewEntry(parsed.data, this.options.channel))
    this.mirror.announce([entry])
    if (entry.type !== 'decision') return { entry, conflicts: [] }
    this.checkSimilarityLater()
    return { entry, conflicts: this.ledger.involving(entry.seq) }
  }

  /** Appends many entries under one lock; for imports and the benchmark. */
  postMany(raws: readonly unknown[]): NexusEntry[] {
    const entries = raws.map((raw) => {
      const parsed = NexusPostInput.safeParse(raw)
      if (!parsed.success) throw invalidInput(describeZodError(parsed.error))
      return toNewEntry(parsed.data, this.options.channel)
    })
    const appended = this.repository.appendMany(entries)
    this.mirror.announce(appended)
    return appended
  }

  /** Entries another device wrote, merged into this log by a sync: announced and mirrored like any append. */
  noteMerged(appended: readonly NexusEntry[]): void {
    if (appended.length === 0) return
    this.mirror.announce(appended)
    if (appended.some((entry) => entry.type === 'decision')) this.checkSimilarityLater()
  }

  /** Entries matching the filter; `search` also finds an author by display name ("Ella" finds ella's). */
  list(filter: NexusListFilter): { entries: NexusEntry[]; total: number } {
    const search = filter.search?.trim().toLowerCase()
    const searchAuthors = search
      ? this.options.agents
          .list()
          .filter((agent) => agent.name.toLowerCase().includes(search))
          .map((agent) => String(agent.id))
      : []
    return this.repository.list({ ...filter, searchAuthors }, filter.from === 'oldest')
  }

  /** Recomputes every entry at once (see `ChainChecks.whole`). */
  verify(): NexusVerifyReport {
    return this.checks.whole()
  }

  /** The check in steps with progress; with `resume`, from the last good check (see `ChainChecks.inSteps`). */
  verifyInSteps(onProgress: (progress: VerifyProgress) => void, resume = false): Promise<NexusVerifyReport> {
    return this.checks.inSteps(onProgress, resume)
  }

  decisions(limit = 200): NexusEntry[] {
    return this.repository.ofType('decision', 0, limit)
  }

  checkpointsOfAll(): NexusEntry[] {
    return this.repository.latestCheckpoints()
  }

  /** Where each reader stands; authors that never read the log get cursor 0 (everything by others is unread). */
  cursors(agents?: readonly string[]): NexusCursor[] {
    return this.repository.cursors(agents)
  }

  /** Conflicting decision pairs in the whole log (unresolved ones unless asked), newest first. */
  conflicts(includeResolved = false): NexusConflict[] {
    return this.ledger.list(includeResolved)
  }

  /** Checks new decisions by meaning too (when the knowledge layer offers it), then lists every conflict. */
  async conflictsChecked(includeResolved = false): Promise<NexusConflict[]> {
    await this.ledger.catchUpWithSimilarity()
    return this.conflicts(includeResolved)
  }

  /** The same check, then a page of conflicts (what the app reads). */
  async conflictPage(query: NexusConflictQuery): Promise<NexusConflictPage> {
    await this.ledger.catchUpWithSimilarity()
    return this.ledger.page({ ...query, limit: query.limit ?? CONFLICT_PAGE })
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
    return this.mirror.watch()
  }

  /** Emits every entry not yet announced, whoever wrote it; cheap when nothing changed. */
  pump(): void {
    this.mirror.pump()
  }

  /** Rewrites the markdown mirror now (the CLI calls this before exiting). */
  flushMirror(): void {
    this.mirror.flush()
  }

  dispose(): void {
    // A one-shot process (the CLI) must not wait for a slow embedding endpoint before exiting.
    this.closing.abort()
    this.projectState.dispose()
    this.stopChatWatch()
    this.mirror.dispose()
  }

  /** Hearth agents from their creation, and bound members from their binding. */
  private ackMembers(): { author: string; since: number }[] {
    const members = [
      ...this.options.agents.list().map((agent) => ({ author: String(agent.id), since: agent.createdAtMs })),
      ...this.members.ackMembers()
    ]
    const earliest = new Map<string, number>()
    for (const member of members)
      earliest.set(member.author, Math.min(earliest.get(member.author) ?? Infinity, member.since))
    return [...earliest].map(([author, since]) => ({ author, since }))
  }

  /** The similarity pass runs in the background: a slow embedding endpoint must not hold up a post. */
  private checkSimilarityLater(): void {
    if (!this.options.similarity || !this.db.open) return
    this.ledger.catchUpWithSimilarity(this.closing.signal).catch((error: unknown) => {
      if (this.closing.signal.aborted) return // closed mid-check: the next process picks up from the mark
      this.log.warn('checking new decisions by meaning failed; shared key terms still apply', { error })
    })
  }
}
