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
import type { SessionRecord } from './chatTypes'
import { inspectTurn, type InspectedTurn } from './inspector/inspector'
import { diffMessagesPage, requestMessagesPage, type InspectorPageQuery } from './inspector/inspectorPages'
import type { PromptFileRef } from './cache/promptFreshness'
import type { SearchHit, SessionSearch } from './store/sessionSearch'
import type { SessionRepository } from './store/sessionRepository'
import { uniqueById } from './uniqueById'
import { rebuildPrompt } from './session/sessionSetup'
import { SessionEndWork, type EndWorkReport, type ResumeReport } from './session/sessionEndWork'
import { SessionEnder } from './session/sessionEnder'
import { RewriteCosts } from './session/rewriteCosts'
import { sessionDetail, sessionSummary } from './session/sessionViews'
import { readChatTail } from './session/chatTail'
import type { ForkCost } from './turn/forkCost'
import { pathView, versionGroups } from './turn/turnForks'
import { branchOff, newestLeafUnder } from './store/turnPath'

export type SessionEndReport = EndWorkReport

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
  private readonly costs: RewriteCosts

  private readonly chat: ChatService
  private readonly repo: SessionRepository
  private readonly calls: CallRepository
  private readonly transcriptSearch: SessionSearch
  private readonly settings: SettingsService

  constructor(deps: SessionsServiceDeps) {
    this.chat = deps.chat
    this.settings = deps.settings
    this.repo = deps.stores.sessions
    this.calls = deps.stores.calls
    this.transcriptSearch = deps.stores.search
    this.costs = new RewriteCosts(deps)
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
    const calls = this.calls.resultsForSession(id)
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

  /** The cache cost of editing and resending the message of `turnId`. */
  forkCost(id: SessionId, turnId: TurnId): ForkCost {
    return this.costs.fork(this.require(id), turnId)
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

  /** See `RewriteCosts.behindFile`. */
  behindFile(file: PromptFileRef): ChatBehindFile[] {
    return this.costs.behindFile(file)
  }

  /** See `RewriteCosts.cacheBreak`. */
  cacheBreakCost(
    id: SessionId,
    options: { model?: string; cwd?: string | null } = {}
  ): { model: string; prefixTokens: number; extraCostUsd: number } {
    return this.costs.cacheBreak(this.require(id), options)
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
