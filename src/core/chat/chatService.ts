import { randomUUID } from 'node:crypto'
import type Anthropic from '@anthropic-ai/sdk'
import type { ChatSendInput } from '../../shared/contract/chat'
import {
  attachmentBlocks,
  checkConversationLimits,
  type AttachmentReader
} from '../attachments/attachmentBlocks'
import { conflict, notFound } from '../errors'
import type { EventHub } from '../events'
import { createAnthropicClient } from '../node/llm/anthropicClient'
import type { Db } from '../node/db/openDatabase'
import { isStampAlive } from '../node/process/processIdentity'
import type { Clock } from '../ports/clock'
import { silentLogger, type Logger } from '../ports/logger'
import type { PromptBuilder } from '../ports/promptBuilder'
import type { SessionEndHook, TurnContextProvider } from '../ports/turnContext'
import type { AgentService } from '../services/agentService'
import type { SettingsService } from '../services/settingsService'
import type { ToolCatalog } from '../tools/toolTypes'
import { CallRepository } from './callRepository'
import type { SessionRecord } from './chatTypes'
import { announceFailure } from './turnFailureEvents'
import { targetSession, type SessionTargetDeps } from './sessionTarget'
import { planRetry } from './turnRetry'
import { gatherTurnContext, notifyTurnCompleted, type GatheredContext } from './turnContextStep'
import { limitsFor } from './pricing'
import { DEFAULT_REPLY_FLUSH, type ReplyWriterOptions } from './replyWriter'
import type { TtlPlan } from './requestBuilder'
import { SessionRepository } from './sessionRepository'
import { ttlForTurn } from './ttlChoice'
import { SessionSearch } from './sessionSearch'
import { planEdit, planRegenerate, type ForkPlan } from './turnForks'
import { resumeSession, type SessionSetupDeps } from './sessionSetup'
import { executeTurn, TurnFailure, type TurnDeps, type TurnResult } from './turnRunner'

export interface ChatServiceDeps {
  readonly db: Db
  readonly clock: Clock
  readonly events: EventHub
  readonly settings: SettingsService
  readonly agents: AgentService
  readonly prompts: PromptBuilder
  readonly tools?: ToolCatalog
  /** Images and PDFs attached to messages (absent: messages carry text only). */
  readonly attachments?: AttachmentReader
  /** 'cli' for the CLI host; otherwise the platform from config.json. */
  readonly platform?: string
  /** Where failures the turn survives are reported (a provider that threw, a busy checkpoint). */
  readonly log?: Logger
}

export interface ChatOptions {
  readonly maxIterations: number
  readonly flush: ReplyWriterOptions
  /** SDK retries for 429/529/5xx/connection errors (the SDK default is 2). */
  readonly maxRetries: number
  /** Share of the model's context window at which older turns are compressed. */
  readonly compressAtShare: number
  /** Tests set an absolute threshold instead of a share of a 200k window. */
  readonly compressAtTokens?: (model: string) => number
}

export const DEFAULT_CHAT_OPTIONS: ChatOptions = {
  maxIterations: 16,
  flush: DEFAULT_REPLY_FLUSH,
  maxRetries: 2,
  compressAtShare: 0.75
}

export interface StartedTurn {
  readonly turnId: string
  readonly sessionId: string
  /** Settles when the turn ends; rejects with a TurnFailure (Stop included). */
  readonly done: Promise<TurnResult>
}

interface RunningTurn {
  readonly sessionId: string
  readonly controller: AbortController
  readonly done: Promise<unknown>
}

/**
 * The chat engine: starts sessions (prompt frozen, tools frozen), stores every message as it
 * happens, runs turns in the background and reports them as chat.* events. Other features plug
 * in per-turn context and session-end hooks.
 */
export class ChatService {
  readonly repo: SessionRepository
  readonly calls: CallRepository
  readonly search: SessionSearch
  readonly providers: TurnContextProvider[] = []
  readonly endHooks: SessionEndHook[] = []
  private readonly running = new Map<string, RunningTurn>()
  private readonly options: ChatOptions
  private catalog: ToolCatalog | undefined

  constructor(
    private readonly deps: ChatServiceDeps,
    options: Partial<ChatOptions> = {}
  ) {
    this.options = { ...DEFAULT_CHAT_OPTIONS, ...options }
    this.catalog = deps.tools
    this.repo = new SessionRepository(deps.db)
    this.calls = new CallRepository(deps.db)
    this.search = new SessionSearch(deps.db)
    if (!deps.db.readonly) {
      this.repo.recoverInterrupted(isStampAlive, deps.clock.now())
      this.calls.recoverInterrupted(isStampAlive, deps.clock.now())
    }
  }

  /** The database the engine writes to (session-end work is recorded there too). */
  get db(): Db {
    return this.deps.db
  }

  private get log(): Logger {
    return this.deps.log ?? silentLogger
  }

  registerContextProvider(provider: TurnContextProvider): void {
    if (this.providers.some((p) => p.id === provider.id))
      throw conflict(`A turn-context provider "${provider.id}" is already registered`)
    this.providers.push(provider)
  }

  /** The tool registry plugs in here (it is built after the chat engine in createCore). */
  useToolCatalog(catalog: ToolCatalog): void {
    this.catalog = catalog
  }

  /** Aborts every running turn (app quit); their partial replies are kept. */
  cancelAll(): void {
    for (const turn of this.running.values()) turn.controller.abort()
  }

  registerSessionEndHook(hook: SessionEndHook): void {
    if (this.endHooks.some((h) => h.id === hook.id))
      throw conflict(`A session-end hook "${hook.id}" is already registered`)
    this.endHooks.push(hook)
  }

  /** What `chat.send` returns: ids now, progress as events. */
  async send(input: ChatSendInput): Promise<{ turnId: string; sessionId: string }> {
    const started = await this.start(input)
    // The caller has only the ids: a failed turn reaches it as a chat.failed event, not here.
    started.done.catch(() => undefined)
    return { turnId: started.turnId, sessionId: started.sessionId }
  }

  /** Stores the user message (before any model call) and starts the turn. */
  async start(input: ChatSendInput, signal?: AbortSignal): Promise<StartedTurn> {
    const client = await this.client()
    const config = this.deps.settings.config()
    let session = await targetSession(this.targetDeps(), input, config.provider)
    if (session.endedAtMs !== null)
      throw conflict(
        'This session has ended, so it takes no new messages (its transcript stays readable). Start a new chat to keep talking.'
      )
    if (this.isAnswering(session.id))
      throw conflict('This session is already answering; wait for it or press Stop')
    session = resumeSession(this.setupDeps(), session, {
      model: input.model ?? session.model,
      provider: config.provider
    })
    const turnId = `t_${randomUUID()}`
    const turnIndex = this.repo.messages(session.id).filter((m) => m.kind === 'text').length
    const files = attachmentBlocks(this.deps.attachments, input.attachments ?? [])
    checkConversationLimits(this.deps.attachments, this.repo.messages(session.id), files)
    const user = this.repo.appendMessage({
      sessionId: session.id,
      turnId,
      role: 'user',
      kind: 'text',
      content: [...files, { type: 'text', text: input.text }],
      status: 'complete',
      nowMs: this.deps.clock.now()
    })
    this.repo.setTitle(session.id, input.text.replace(/\s+/g, ' ').trim().slice(0, 80))
    return this.launch(
      session,
      { turnId, userMessageId: user.id, userText: input.text, turnIndex },
      client,
      ttlForTurn(this.repo, session, config.cacheTtl),
      signal
    )
  }

  /** Answers the last message again; the previous reply stays as a version beside the new one. */
  async regenerate(input: { sessionId: string; turnId: string }, signal?: AbortSignal): Promise<StartedTurn> {
    return this.startFork(
      input.sessionId,
      () => planRegenerate(this.repo, input.sessionId, input.turnId),
      signal
    )
  }

  /** Resends an edited message: the conversation forks at its turn, later turns stay on the old version. */
  async edit(
    input: { sessionId: string; turnId: string; text: string },
    signal?: AbortSignal
  ): Promise<StartedTurn> {
    return this.startFork(
      input.sessionId,
      () => planEdit(this.repo, input.sessionId, input.turnId, input.text),
      signal
    )
  }

  /**
   * Runs a failed last turn again on its stored user message: nothing is stored twice, and the
   * replies that broke off leave the model's context (they stay in the transcript, marked).
   */
  async retry(input: { sessionId: string }, signal?: AbortSignal): Promise<StartedTurn> {
    const client = await this.client()
    const config = this.deps.settings.config()
    const found = this.sessionForNewRun(input.sessionId)
    const failed = planRetry(this.repo.messages(found.id), this.calls.forSession(found.id))
    const session = resumeSession(this.setupDeps(), found, { model: found.model, provider: config.provider })
    this.repo.retireMessages(failed.brokenReplyIds)
    return this.launch(session, failed, client, ttlForTurn(this.repo, session, config.cacheTtl), signal)
  }

  /** A new version of a turn: linked beside the one it replaces, made the head, then run like any turn. */
  private async startFork(
    sessionId: string,
    plan: () => ForkPlan,
    signal?: AbortSignal
  ): Promise<StartedTurn> {
    const client = await this.client()
    const config = this.deps.settings.config()
    const found = this.sessionForNewRun(sessionId)
    const fork = plan()
    const session = resumeSession(this.setupDeps(), found, { model: found.model, provider: config.provider })
    const turnId = `t_${randomUUID()}`
    const nowMs = this.deps.clock.now()
    this.repo.versions.fork(sessionId, {
      turnId,
      parentTurnId: fork.parentTurnId,
      origin: fork.origin,
      sourceTurnId: fork.sourceTurnId,
      createdAtMs: nowMs
    })
    const user = this.repo.appendMessage({
      sessionId,
      turnId,
      role: 'user',
      kind: 'text',
      content: fork.content,
      status: 'complete',
      nowMs
    })
    return this.launch(
      session,
      { turnId, userMessageId: user.id, userText: fork.userText, turnIndex: fork.turnIndex },
      client,
      ttlForTurn(this.repo, session, config.cacheTtl),
      signal
    )
  }

  /** A stored session that may run a turn again or anew: it exists, has not ended and is not answering. */
  private sessionForNewRun(sessionId: string): SessionRecord {
    const found = this.repo.getSession(sessionId)
    if (!found)
      throw notFound(`No session with id "${sessionId}". Run \`hearth sessions list\` to see the sessions.`)
    if (found.endedAtMs !== null) throw conflict('This session has ended; start a new chat to go on')
    if (this.isAnswering(sessionId))
      throw conflict('This session is already answering; wait for it or press Stop')
    return found
  }

  /** Runs a turn whose user message is stored, in the background, and tracks it until it ends. */
  private launch(
    session: SessionRecord,
    turn: { turnId: string; userMessageId: number; userText: string; turnIndex: number },
    client: Anthropic,
    ttl: TtlPlan,
    signal?: AbortSignal
  ): StartedTurn {
    const controller = new AbortController()
    signal?.addEventListener('abort', () => controller.abort(), { once: true })
    const request = {
      agentId: session.agentId,
      sessionId: session.id,
      turnId: turn.turnId,
      userText: turn.userText,
      turnIndex: turn.turnIndex
    }
    const done = this.run(session, turn.turnId, turn.userMessageId, client, controller, request, ttl)
    // `done` is only awaited to know the turn is over; its failure is reported by run() itself.
    this.running.set(turn.turnId, { sessionId: session.id, controller, done: done.catch(() => undefined) })
    return { turnId: turn.turnId, sessionId: session.id, done }
  }

  /** Starts a turn and waits for it (the CLI's `chat`). */
  async runTurn(input: ChatSendInput, signal?: AbortSignal): Promise<TurnResult> {
    return (await this.start(input, signal)).done
  }

  cancel(turnId: string): boolean {
    const turn = this.running.get(turnId)
    if (!turn) return false
    turn.controller.abort()
    return true
  }

  /** True while a turn of this session is running. */
  isAnswering(sessionId: string): boolean {
    return [...this.running.values()].some((turn) => turn.sessionId === sessionId)
  }

  /** Waits for every running turn (used before closing the database). */
  async settle(): Promise<void> {
    await Promise.all([...this.running.values()].map((turn) => turn.done))
  }

  turnDeps(): TurnDeps {
    return {
      ...this.setupDeps(),
      calls: this.calls,
      events: this.deps.events,
      catalog: this.catalog,
      flush: this.options.flush,
      maxIterations: this.options.maxIterations,
      compressAtTokens:
        this.options.compressAtTokens ??
        ((model) => Math.floor(limitsFor(model).contextWindow * this.options.compressAtShare))
    }
  }

  private targetDeps(): SessionTargetDeps {
    return {
      setup: this.setupDeps(),
      agents: this.deps.agents,
      settings: this.deps.settings,
      ...(this.deps.platform ? { platform: this.deps.platform } : {})
    }
  }

  setupDeps(): SessionSetupDeps & { readonly attachments?: AttachmentReader } {
    return {
      repo: this.repo,
      prompts: this.deps.prompts,
      tools: this.catalog,
      clock: this.deps.clock,
      ...(this.deps.attachments ? { attachments: this.deps.attachments } : {})
    }
  }

  private async run(
    session: SessionRecord,
    turnId: string,
    userMessageId: number,
    client: Anthropic,
    controller: AbortController,
    request: Parameters<TurnContextProvider['provide']>[0],
    ttl: TtlPlan
  ): Promise<TurnResult> {
    const { events } = this.deps
    let gathered: GatheredContext = { blocks: [], texts: [], summary: [], fenceTags: [] }
    try {
      gathered = await gatherTurnContext(this.providers, request, this.log)
      const turn = {
        turnId,
        userMessageId,
        session,
        client,
        signal: controller.signal,
        ttl,
        contextTexts: gathered.texts,
        contextSummary: gathered.summary,
        fenceTags: gathered.fenceTags
      }
      const result = await executeTurn(this.turnDeps(), turn)
      events.emit('chat.finished', {
        sessionId: result.sessionId,
        turnId,
        text: result.text,
        stopReason: result.stopReason,
        usage: result.usage,
        costUsd: result.costUsd,
        calls: [...result.calls],
        compressed: result.compressed
      })
      notifyTurnCompleted(this.providers, request, gathered.blocks, this.log)
      return result
    } catch (error) {
      const failure =
        error instanceof TurnFailure
          ? error
          : new TurnFailure(error, false, { texts: [], calls: [], toolCalls: [], compressed: false })
      announceFailure(this.deps.events, session.id, turnId, failure)
      throw failure
    } finally {
      this.running.delete(turnId)
      this.checkpointQuietly()
    }
  }

  /** Between turns is the cheap moment to checkpoint the WAL; a busy database just skips it. */
  private checkpointQuietly(): void {
    try {
      this.repo.checkpoint()
    } catch (error) {
      // Closed or busy: SQLite's own automatic checkpoint still runs later.
      this.log.debug('WAL checkpoint skipped', { error })
    }
  }

  private async client(): Promise<Anthropic> {
    const { settings } = this.deps
    return createAnthropicClient({
      ...(await settings.modelCredentials()),
      maxRetries: this.options.maxRetries
    })
  }
}
