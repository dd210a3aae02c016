import type { AgentId, MessageId, MethodOutput, SessionId, TurnId } from '../../shared/contract'
import type { ChatBehindFile } from '../../shared/contract/chatBehindFile'
import type {
  SessionDetail,
  SessionEndReason,
  SessionListQuery,
  SessionPage as SessionPageView
} from '../../shared/contract/sessions'
import { conflict, notFound } from '../errors'
import type { EventHub } from '../events'
import type { Clock } from '../ports/clock'
import type { SettingsService } from '../services/settingsService'
import type { Db } from '../node/db/openDatabase'
import type { SessionEndHook } from '../ports/turnContext'
import type { CallRepository } from './store/callRepository'
import type { ChatService } from './chatService'
import type { ChatStores } from './store/chatStores'
import type { CacheTtl, SessionRecord } from './chatTypes'
import { estimateRequestTokens } from './turn/compression'
import { inspectTurn, type InspectedTurn } from './inspector/inspector'
import { diffMessagesPage, requestMessagesPage, type InspectorPageQuery } from './inspector/inspectorPages'
import { cacheBreakCostUsd, cacheRates } from './pricing'
import { isBehindFile, mayReadFile, type PromptFileRef } from './cache/promptFreshness'
import { buildWireMessages } from './turn/requestBuilder'
import type { SearchHit, SessionSearch } from './store/sessionSearch'
import type { SessionRepository } from './store/sessionRepository'
import { uniqueById } from './uniqueById'
import { checkProjectFolder } from '../prompt/projectFolder'
import { freshPrompt, rebuildPrompt } from './session/sessionSetup'
import { SessionEndWork, type EndWorkReport, type ResumeReport } from './session/sessionEndWork'
import { SessionEnder } from './session/sessionEnder'
import { sessionDetail, sessionSummary } from './session/sessionViews'
import { readChatTail } from './session/chatTail'
import { forkCost, type ForkCost } from './turn/forkCost'
import { pathView, versionGroups } from './turn/turnForks'
import { branchOff, newestLeafUnder } from './store/turnPath'
import { ttlForTurn } from './cache/ttlChoice'

export type SessionEndReport = EndWorkReport

/** Open chats looked at for a saved file, newest first: far more than one person keeps open. */
const OPEN_SESSIONS_CHECKED = 50

export interface SessionsServiceDeps {
  /** The engine: which sessions are answering, and the setup a rebuilt prompt uses. */
  readonly chat: ChatService
  readonly stores: ChatStores
  /** Session-end work is recorded in the home's database, beside the sessions. */
  readonly db: Db
  /** Run in this order when a session ends (retention, the Nexus summary). */
  readonly endHooks: readonly SessionEndHook[]
  readonly settings: SettingsService
  readonly clock: Clock
  readonly events: EventHub
}

/** Reading and managing stored sessions: list, show, search, end, rebuild, inspect. */
export class SessionsService {
  /** Ending sessions: the substance check, the durable end work, the `sessions.ended` event. */
  readonly ends: SessionEnder

  private readonly chat: ChatService
  private readonly stores: ChatStores
  private readonly repo: SessionRepository
  private readonly calls: CallRepository
  private readonly transcriptSearch: SessionSearch
  private readonly settings: SettingsService
  private readonly clock: Clock

  constructor(deps: SessionsServiceDeps) {
    this.chat = deps.chat
    this.settings = deps.settings
    this.clock = deps.clock
    this.stores = deps.stores
    this.repo = deps.stores.sessions
    this.calls = deps.stores.calls
    this.transcriptSearch = deps.stores.search
    const hooks = uniqueById(deps.endHooks, 'session-end hook')
    const endWork = new SessionEndWork(
      deps.db,
      () => hooks,
      () => deps.clock.now(),
      (progress) => deps.events.emit('sessions.endProgress', progress)
    )
    this.ends = new SessionEnder({
      sessions: this.repo,
      endWork,
      isAnswering: (id) => this.chat.isAnswering(id),
      minChars: () => this.settings.config().retention.minChars,
      clock: deps.clock,
      events: deps.events
    })
  }

  /** A page of the chat list (100 chats unless asked), with the cursor of the next and the count of all. */
  list(query: SessionListQuery): SessionPageView {
    const { rows, total, next } = this.repo.sessionPage({
      ...(query.agentId ? { agentId: query.agentId } : {}),
      ...(query.imported ? { imported: true } : {}),
      ...(query.after ? { after: query.after } : {}),
      limit: query.limit ?? 100
    })
    return { items: rows.map(sessionSummary), total, next }
  }

  /**
   * The chat as stored; with `tail`, only its newest turns holding at least that many messages,
   * read alone (a long chat opens on its end without reading all of it).
   */
  get(id: SessionId, tail?: number): SessionDetail {
    const session = this.require(id)
    const calls = this.calls.forSession(id)
    const answering = this.chat.isAnswering(id)
    if (tail !== undefined) {
      const read = readChatTail(this.repo, id, tail)
      return sessionDetail(session, read.messages, calls, read.versions, answering, read)
    }
    const view = pathView(this.repo, id)
    const versions = { groups: versionGroups(view), locked: [...view.locked] }
    return sessionDetail(session, view.messages, calls, versions, answering)
  }

  /** Shows another version at one position, with the conversation that went on from it. */
  selectVersion(id: SessionId, turnId: TurnId): SessionDetail {
    this.require(id)
    if (this.chat.isAnswering(id))
      throw conflict('Wait for the current reply to finish (or press Stop) before switching versions')
    const view = pathView(this.repo, id)
    const target = view.turns.find((turn) => turn.turnId === turnId)
    const shown =
      target &&
      view.path.find(
        (pathTurn) => view.turns.find((t) => t.turnId === pathTurn)?.parentTurnId === target.parentTurnId
      )
    if (!target || shown === undefined)
      throw notFound(`Turn ${turnId} is not a version of anything shown in session ${id}`)
    if (view.locked.has(shown))
      throw conflict('These versions were summarised into a checkpoint; only turns after it can be switched')
    this.repo.versions.setHead(id, newestLeafUnder(view.turns, turnId))
    return this.get(id)
  }

  /**
   * Shows the version of the conversation that holds a message (a search hit or a memory's
   * source in a version not shown), with the conversation that went on from it; unchanged when
   * the message is shown already.
   */
  selectVersionOf(id: SessionId, messageId: MessageId): SessionDetail {
    this.require(id)
    const message = this.repo.getMessage(messageId)
    if (!message || message.sessionId !== id) throw notFound(`Message ${messageId} is not in session ${id}`)
    const view = pathView(this.repo, id)
    const branch = branchOff(view.turns, view.path, message.turnId)
    if (branch === null) return this.get(id)
    if (this.chat.isAnswering(id))
      throw conflict('Wait for the current reply to finish (or press Stop) before switching versions')
    if (branch.shown !== null && view.locked.has(branch.shown))
      throw conflict(
        'This message is in a version that was summarised into a checkpoint, so it can no longer be shown'
      )
    this.repo.versions.setHead(id, newestLeafUnder(view.turns, message.turnId))
    return this.get(id)
  }

  /** The TTL the session's next call would give its conversation (what a re-write is priced at). */
  private conversationTtl(session: SessionRecord): CacheTtl {
    return ttlForTurn(this.stores, session, this.settings.config().cacheTtl, this.clock.now()).conversation
  }

  /** The cache cost of editing and resending the message of `turnId`. */
  forkCost(id: SessionId, turnId: TurnId): ForkCost {
    const session = this.require(id)
    return forkCost(this.repo, this.calls, session, turnId, {
      nowMs: this.clock.now(),
      ttl: this.conversationTtl(session)
    })
  }

  search(query: string, options: { agentId?: AgentId; limit?: number }): SearchHit[] {
    return this.transcriptSearch.search(query, {
      ...(options.agentId ? { agentId: options.agentId } : {}),
      limit: options.limit ?? 20
    })
  }

  /** Ends a session and runs its end work (see `SessionEnder.end`). */
  async end(id: SessionId, reason: SessionEndReason = 'explicit'): Promise<SessionEndReport> {
    return this.ends.end(id, reason)
  }

  /** Finishes session ends that a killed or crashed process left half done (each hook once). */
  async resumeInterrupted(signal?: AbortSignal): Promise<ResumeReport> {
    return this.ends.resume(signal)
  }

  /** Hands the end work this process started and did not finish back to the next host. */
  releaseEndWork(): number {
    return this.ends.releaseClaims()
  }

  /**
   * Ends, as a quit would have, every session whose first turn a dead process cut (see
   * `cutInFirstTurn`): its end is recorded and its end work decided like any other's.
   */
  async endCutFirstTurns(signal?: AbortSignal): Promise<SessionId[]> {
    const ended: SessionId[] = []
    for (const id of this.repo.cutInFirstTurn()) {
      if (signal?.aborted) break
      if (!this.isOpen(id)) continue
      await this.ends.end(id, 'quit')
      ended.push(id)
    }
    return ended
  }

  /** True when the session exists, is not in the trash, has not ended, and is not answering right now. */
  isOpen(id: SessionId): boolean {
    const session = this.repo.getSession(id)
    return (
      session !== undefined &&
      session.endedAtMs === null &&
      session.deletedAtMs === null &&
      !this.chat.isAnswering(id)
    )
  }

  /** The user asked for the files on disk to apply now; the next call writes the cache again. */
  rebuildPrompt(id: SessionId): SessionDetail {
    const session = this.require(id)
    if (this.chat.isAnswering(id))
      throw conflict('Wait for the current reply to finish before rebuilding the prompt')
    rebuildPrompt(this.chat.setupDeps(), session, { model: session.model, reason: 'requested' })
    return this.get(id)
  }

  /**
   * The open chats whose frozen prompt predates what `file` holds now (the saved change applies
   * to their next session), each with what a rebuild would cost: the next call writes the
   * rebuilt prompt and the conversation after it to the cache instead of reading them.
   */
  behindFile(file: PromptFileRef): ChatBehindFile[] {
    const prompts = this.chat.setupDeps().prompts
    return this.repo
      .openSessions(file.agentId, OPEN_SESSIONS_CHECKED)
      .filter((session) => mayReadFile(file, session))
      .flatMap((session) => {
        const fresh = freshPrompt(prompts, session, session.model)
        return isBehindFile(file, session, fresh) ? [this.behindView(session, fresh.text)] : []
      })
  }

  private behindView(session: SessionRecord, rebuiltPrompt: string): ChatBehindFile {
    const ttl = this.conversationTtl(session)
    const rates = cacheRates(session.model, ttl)
    const wire = buildWireMessages(this.repo.messages(session.id), null)
    const prefixTokens = estimateRequestTokens({ ...session, systemPrompt: rebuiltPrompt }, wire)
    return {
      id: session.id,
      agentId: session.agentId,
      title: session.title,
      answering: this.chat.isAnswering(session.id),
      model: session.model,
      prefixTokens,
      extraCostUsd: cacheBreakCostUsd(session.model, prefixTokens, ttl),
      cacheWritePerMTokUsd: rates.write,
      cacheReadPerMTokUsd: rates.read
    }
  }

  /**
   * The extra cost of the next call after a model switch or a rebuild: the prefix is written, not
   * read. With `cwd` (another project folder, so a new session) the prefix is the new session's
   * own system prompt and tools; the old history stays behind.
   */
  cacheBreakCost(
    id: SessionId,
    options: { model?: string; cwd?: string | null } = {}
  ): { model: string; prefixTokens: number; extraCostUsd: number } {
    const session = this.require(id)
    const target = options.model ?? session.model
    const prefixTokens =
      options.cwd === undefined
        ? estimateRequestTokens(session, buildWireMessages(this.repo.messages(id), null))
        : this.newSessionTokens(session, options.cwd, target)
    return {
      model: target,
      prefixTokens,
      extraCostUsd: cacheBreakCostUsd(target, prefixTokens, this.conversationTtl(session))
    }
  }

  private newSessionTokens(session: SessionRecord, cwd: string | null, model: string): number {
    const prompt = this.chat.setupDeps().prompts.build({
      agentId: session.agentId,
      cwd: cwd === null ? null : checkProjectFolder(cwd),
      model,
      provider: session.provider,
      platform: session.platform,
      toolNames: session.tools.map((tool) => tool.name)
    })
    return estimateRequestTokens({ ...session, systemPrompt: prompt.text }, [])
  }

  inspect(sessionId: SessionId, turnId: TurnId): InspectedTurn {
    this.require(sessionId)
    return inspectTurn(this.repo, this.calls, sessionId, turnId)
  }

  /** Earlier messages of a call's request, a page at a time (`inspect` sends the newest). */
  inspectRequestMessages(query: InspectorPageQuery): MethodOutput<'inspector.requestMessages'> {
    this.require(query.sessionId)
    return requestMessagesPage(this.repo, this.calls, query)
  }

  /** Earlier changes of a call's diff, a page at a time (`inspect` sends the newest). */
  inspectDiffMessages(query: InspectorPageQuery): MethodOutput<'inspector.diffMessages'> {
    this.require(query.sessionId)
    return diffMessagesPage(this.repo, this.calls, query)
  }

  private require(id: SessionId): SessionRecord {
    const session = this.repo.getSession(id)
    if (!session)
      throw notFound(`No session with id "${id}". Run \`hearth sessions list\` to see the sessions.`)
    return session
  }
}
