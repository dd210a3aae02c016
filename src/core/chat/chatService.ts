import type { SessionId, TurnId } from '../../shared/contract'
import type Anthropic from '@anthropic-ai/sdk'
import type { ChatSendInput } from '../../shared/contract/chat'
import type { AttachmentReader } from '../attachments/attachmentBlocks'
import { silentLogger } from '../ports/logger'
import type { TurnContextProvider } from '../ports/turnContext'
import type { ToolCatalog } from '../tools/toolTypes'
import type { CallRepository } from './store/callRepository'
import { DEFAULT_CHAT_OPTIONS, type ChatOptions, type ChatServiceDeps, type StartedTurn } from './chatOptions'
import type { SessionRecord } from './chatTypes'
import { limitsFor } from './pricing'
import { RunningTurns } from './turn/runningTurns'
import type { SessionRepository } from './store/sessionRepository'
import { resumeSession, type SessionSetupDeps } from './session/sessionSetup'
import { targetSession, type SessionTargetDeps } from './session/sessionTarget'
import { ttlForTurn } from './cache/ttlChoice'
import { uniqueById } from './uniqueById'
import { planEdit, planRegenerate, type ForkPlan } from './turn/turnForks'
import { launchTurn, type LaunchDeps, type StoredTurn } from './turn/turnLaunch'
import { planRetry } from './turn/turnRetry'
import type { TurnDeps, TurnResult } from './turn/turnRunner'
import {
  checkTakesMessages,
  sessionForNewRun,
  storeForkTurn,
  storeNewTurn,
  type TurnStoreDeps
} from './turn/turnStarts'

/**
 * The chat engine: starts sessions (prompt frozen, tools frozen), stores every message as it
 * happens, runs turns in the background and reports them as chat.* events. Other features add
 * per-turn context through the providers the composition root hands it.
 */
export class ChatService {
  private readonly repo: SessionRepository
  private readonly calls: CallRepository
  private readonly providers: readonly TurnContextProvider[]
  private readonly running = new RunningTurns()
  private readonly options: ChatOptions
  private readonly catalog: ToolCatalog | undefined

  constructor(
    private readonly deps: ChatServiceDeps,
    options: Partial<ChatOptions> = {}
  ) {
    this.options = { ...DEFAULT_CHAT_OPTIONS, ...options }
    this.catalog = deps.tools
    this.providers = uniqueById(deps.contextProviders ?? [], 'turn-context provider')
    this.repo = deps.stores.sessions
    this.calls = deps.stores.calls
  }

  /** What `chat.send` returns: ids now, progress as events. */
  async send(input: ChatSendInput): Promise<{ turnId: TurnId; sessionId: SessionId }> {
    const started = await this.start(input)
    // The caller has only the ids: a failed turn reaches it as a chat.failed event, not here.
    started.done.catch(() => undefined)
    return { turnId: started.turnId, sessionId: started.sessionId }
  }

  /** Stores the user message (before any model call) and starts the turn. */
  async start(input: ChatSendInput, signal?: AbortSignal): Promise<StartedTurn> {
    const client = await this.client()
    const config = this.deps.settings.config()
    const target = await targetSession(this.targetDeps(), input, config.provider)
    checkTakesMessages(this.storeDeps(), target)
    const session = resumeSession(this.setupDeps(), target, {
      model: input.model ?? target.model,
      provider: config.provider
    })
    return this.launch(session, storeNewTurn(this.storeDeps(), session, input), client, signal)
  }

  /** Answers the last message again; the previous reply stays as a version beside the new one. */
  async regenerate(
    input: { sessionId: SessionId; turnId: TurnId },
    signal?: AbortSignal
  ): Promise<StartedTurn> {
    return this.startFork(
      input.sessionId,
      () => planRegenerate(this.repo, input.sessionId, input.turnId),
      signal
    )
  }

  /** Resends an edited message: the conversation forks at its turn, later turns stay on the old version. */
  async edit(
    input: { sessionId: SessionId; turnId: TurnId; text: string },
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
  async retry(input: { sessionId: SessionId }, signal?: AbortSignal): Promise<StartedTurn> {
    const client = await this.client()
    const found = sessionForNewRun(this.storeDeps(), input.sessionId)
    const failed = planRetry(this.repo.messages(found.id), this.calls.forSession(found.id))
    const session = this.resume(found)
    this.repo.retireMessages(failed.brokenReplyIds)
    return this.launch(session, failed, client, signal)
  }

  /** Starts a turn and waits for it (the CLI's `chat`). */
  async runTurn(input: ChatSendInput, signal?: AbortSignal): Promise<TurnResult> {
    return (await this.start(input, signal)).done
  }

  cancel(turnId: TurnId): boolean {
    return this.running.cancel(turnId)
  }

  /** Aborts every running turn (app quit); their partial replies are kept. */
  cancelAll(): void {
    this.running.cancelAll()
  }

  /** True while a turn of this session is running. */
  isAnswering(sessionId: SessionId): boolean {
    return this.running.isAnswering(sessionId)
  }

  /** True while any chat is answering in this process. */
  isAnsweringAny(): boolean {
    return this.running.isAnsweringAny()
  }

  /** Waits for every running turn (used before closing the database). */
  async settle(): Promise<void> {
    await this.running.settle()
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
        ((model) => Math.floor(limitsFor(model).contextWindow * this.options.compressAtShare)),
      maxOutputTokens: () => this.deps.settings.config().maxOutputTokens
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

  /** A new version of a turn, planned from the stored session, then run like any turn. */
  private async startFork(
    sessionId: SessionId,
    plan: () => ForkPlan,
    signal?: AbortSignal
  ): Promise<StartedTurn> {
    const client = await this.client()
    const found = sessionForNewRun(this.storeDeps(), sessionId)
    const fork = plan()
    const session = this.resume(found)
    return this.launch(session, storeForkTurn(this.storeDeps(), sessionId, fork), client, signal)
  }

  private resume(found: SessionRecord): SessionRecord {
    const { provider } = this.deps.settings.config()
    return resumeSession(this.setupDeps(), found, { model: found.model, provider })
  }

  private launch(
    session: SessionRecord,
    turn: StoredTurn,
    client: Anthropic,
    signal: AbortSignal | undefined
  ): StartedTurn {
    const ttl = ttlForTurn(
      this.deps.stores,
      session,
      this.deps.settings.config().cacheTtl,
      this.deps.clock.now(),
      turn.transcript
    )
    return launchTurn(this.launchDeps(), session, turn, { client, ttl }, signal)
  }

  private launchDeps(): LaunchDeps {
    return {
      running: this.running,
      providers: this.providers,
      turnDeps: () => this.turnDeps(),
      events: this.deps.events,
      log: this.deps.log ?? silentLogger,
      repo: this.repo
    }
  }

  private storeDeps(): TurnStoreDeps {
    return {
      repo: this.repo,
      clock: this.deps.clock,
      running: this.running,
      ...(this.deps.attachments ? { attachments: this.deps.attachments } : {})
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

  private async client(): Promise<Anthropic> {
    return this.deps.models.current({ maxRetries: this.options.maxRetries })
  }
}
