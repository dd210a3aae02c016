import type { Handlers } from '../shared/contract'
import { EventHub, type EventListener } from './events'
import { ConfigStore } from './home/configStore'
import { openHome } from './home/home'
import { readOnlyHandlers } from './home/readOnlyHome'
import { openDatabase, type Db } from './node/db/openDatabase'
import { AttachmentStore } from './attachments/attachmentStore'
import { FileLogger, logLevelFrom } from './node/log/fileLogger'
import type { Logger } from './ports/logger'
import { systemClock, type Clock } from './ports/clock'
import { MemorySecretStore, type SecretStore } from './ports/secretStore'
import { createHandlers } from './rpc/handlers'
import type { ChatOptions } from './chat/chatOptions'
import { ChatService } from './chat/chatService'
import { openChatStores } from './chat/chatStores'
import type { CoreServices } from './coreServices'
import { SessionsService } from './chat/sessionsService'
import { ChatLibrary } from './chats/chatLibrary'
import { chatTitleProvider } from './chats/chatTitle'
import type { ResumeReport } from './chat/sessionEndWork'
import { IdleSessionEnder } from './chat/idleSessionEnder'
import { AgentService } from './services/agentService'
import { FileService } from './services/fileService'
import { NexusService } from './nexus/nexusService'
import { SettingsService } from './services/settingsService'
import { PromptService } from './prompt/promptService'
import { injectedViewProvider } from './prompt/injectedView'
import { MemoryService } from './memory/memoryService'
import { scanForThreats } from './domain/prompt/scanner'
import { createTools } from './tools/createTools'
import type { HomePaths } from './home/homePaths'
import type { PromptBuilder } from './ports/promptBuilder'
import type { TurnContextProvider } from './ports/turnContext'
import type { ToolCatalog } from './tools/toolTypes'

export const HEARTH_VERSION = '0.1.0'

export interface CoreOptions {
  /** Absolute HEARTH_HOME; created on first use. */
  readonly home: string
  readonly host: 'electron' | 'web' | 'cli'
  readonly secrets?: SecretStore
  readonly clock?: Clock
  readonly env?: NodeJS.ProcessEnv
  /** Electron passes a better-sqlite3 build for its own ABI (see scripts/start.mjs). */
  readonly nativeBinding?: string
  /**
   * `hearth chat --yes`: approve gated tool calls (memory writes, Nexus posts while an untrusted
   * MCP server is loaded) without asking. Otherwise the CLI refuses them and the app asks.
   */
  readonly approveGatedTools?: boolean
  /** Where the core reports what it survived; default `<home>/logs/hearth.log` at HEARTH_LOG_LEVEL (info). */
  readonly log?: Logger
  /** For tests and the bench only: the few places where an otherwise real core may be tuned. */
  readonly seams?: CoreSeams
}

/** What a test or the bench may change in the real wiring (nothing else differs from the app). */
export interface CoreSeams {
  /** Engine tuning: fast reply flushes, small compression thresholds, fewer retries. */
  readonly chat?: Partial<ChatOptions>
  /** Turn-context providers asked after the built-in ones (recall, the Nexus). */
  readonly contextProviders?: readonly TurnContextProvider[]
  /** A fixed tool catalog for the engine and the prompt instead of the tool layer's. */
  readonly toolCatalog?: ToolCatalog
  /** Wraps the prompt builder the engine uses (the bench's variants change how prompts are built). */
  readonly wrapPrompts?: (builder: PromptBuilder) => PromptBuilder
}

export interface Core {
  readonly services: CoreServices
  readonly handlers: Handlers
  readonly subscribe: (listener: EventListener) => () => void
  /**
   * On app quit (Electron, `hearth serve`): ends the sessions this process talked in, so their
   * session-end hooks (retention, Nexus summary) run. Bounded by `timeoutMs`; dispose() after.
   */
  readonly shutdown: (timeoutMs?: number) => Promise<void>
  /**
   * Session ends an earlier process left half done (killed, crashed), finished in the
   * background from the moment the home opens. The CLI waits for it before exiting.
   */
  readonly recovery: Promise<ResumeReport>
  readonly dispose: () => void
}

/**
 * The composition root: explicit wiring, no container, every dependency passed at construction.
 * Every host (Electron, CLI, web) calls this; tests and the bench too, through `seams`. The order
 * follows the dependencies: the tool layer before the prompt (which guides only the tools a
 * session gets) and before the engine, the engine before the sessions service.
 */
export function createCore(options: CoreOptions): Core {
  const { paths, readOnly } = openHome(options.home)
  const db = openDatabase(paths.db, {
    readOnly,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  })
  try {
    return coreOf(wireServices(options, paths, readOnly, db))
  } catch (error) {
    db.close() // a core that could not be built must not keep the database open
    throw error
  }
}

interface Wired {
  readonly services: CoreServices
  readonly idleEnder: IdleSessionEnder
}

/** The services every feature needs first: time, events, the log, config and the key. */
function foundation(options: CoreOptions, paths: HomePaths) {
  const clock = options.clock ?? systemClock
  const env = options.env ?? process.env
  const log = options.log ?? defaultLog(paths.logFile, env, clock)
  const events = new EventHub(log.child('events'))
  const secrets = options.secrets ?? new MemorySecretStore()
  const config = new ConfigStore(paths.config)
  const settings = new SettingsService(config, secrets, env)
  return { clock, env, log, events, secrets, config, settings }
}

function wireServices(options: CoreOptions, paths: HomePaths, readOnly: boolean, db: Db): Wired {
  const base = foundation(options, paths)
  const { clock, env, log, events, config, settings } = base
  const chatStores = openChatStores(db, clock.now())
  const agents = new AgentService(db, paths, clock, events)
  const files = new FileService(
    paths,
    agents,
    events,
    injectedViewProvider(agents, () => settings.config())
  )
  const channel = options.host === 'cli' ? 'cli' : 'desktop'
  const nexus = new NexusService(db, paths, clock, events, files, {
    channel,
    config,
    transcripts: chatStores.transcripts,
    log: log.child('nexus')
  })
  const memory = new MemoryService({
    db,
    paths,
    clock,
    events,
    settings,
    agents,
    scan: scanForThreats,
    transcripts: chatStores.transcripts,
    log: log.child('memory')
  })
  const tools = createTools({
    paths,
    config,
    agents,
    events,
    clock,
    host: options.host,
    approveGatedTools: options.approveGatedTools === true,
    log: log.child('tools'),
    version: HEARTH_VERSION,
    nexus,
    memory,
    sessions: chatStores.search,
    secrets: base.secrets,
    env
  })
  const catalog = options.seams?.toolCatalog ?? tools
  const toolNames = async (agentId: string): Promise<string[]> =>
    (await catalog.sessionTools(agentId)).map((tool) => tool.name)
  const prompts = new PromptService({
    paths,
    agents,
    config: () => settings.config(),
    clock,
    env,
    toolNames,
    log: log.child('prompt')
  })
  const attachments = new AttachmentStore(db, paths.root, clock)
  const chatLibrary: ChatLibrary = new ChatLibrary({
    db,
    repo: chatStores.sessions,
    calls: chatStores.calls,
    search: chatStores.search,
    clock,
    events,
    // Called only when a chat is deleted, long after `chat` below exists.
    isAnswering: (id): boolean => chat.isAnswering(id),
    agentNames: () => new Map(agents.list().map((agent) => [agent.id, agent.name]))
  })
  const chat: ChatService = new ChatService(
    {
      stores: chatStores,
      clock,
      events,
      settings,
      agents,
      prompts: options.seams?.wrapPrompts?.(prompts) ?? prompts,
      tools: catalog,
      contextProviders: [
        memory.recallProvider(),
        nexus.turnContext,
        chatTitleProvider((id, title): boolean => chatLibrary.applyGeneratedTitle(id, title)),
        ...(options.seams?.contextProviders ?? [])
      ],
      attachments,
      log: log.child('chat'),
      ...(options.host === 'cli' ? { platform: 'cli' } : {})
    },
    options.seams?.chat
  )
  const endHooks = [memory.retentionHook(), nexus.sessionEnd]
  const sessions = new SessionsService({ chat, stores: chatStores, db, endHooks, settings, clock, events })
  const idleEnder = idleEnderFor(sessions, base)
  const host = options.host === 'electron' ? 'electron' : 'web'
  const services: CoreServices = {
    host,
    version: HEARTH_VERSION,
    paths,
    readOnly,
    db,
    clock,
    events,
    log,
    config,
    agents,
    files,
    nexus,
    settings,
    prompts,
    chat,
    chatStores,
    sessions,
    chatLibrary,
    memory,
    tools,
    attachments
  }
  return { services, idleEnder }
}

/** Ends a session once it has been idle for the configured minutes (its end hooks run then). */
function idleEnderFor(
  sessions: SessionsService,
  { events, settings, clock, log }: ReturnType<typeof foundation>
): IdleSessionEnder {
  const idleLog = log.child('sessions.idle')
  const onIdleError = (error: unknown, sessionId?: string): void =>
    idleLog.warn('a session could not be ended on idle; its session-end hooks run on the next end', {
      error,
      sessionId
    })
  return new IdleSessionEnder(
    events,
    sessions,
    () => settings.config().retention.idleMinutes,
    onIdleError,
    () => clock.now()
  )
}

function coreOf({ services, idleEnder }: Wired): Core {
  const { chat, sessions, events, tools, nexus, files, db, paths, readOnly, log } = services
  const recovery = resumeSessionEnds(sessions, db, log.child('sessions'))
  const handlers = createHandlers(services)
  return {
    services,
    handlers: readOnly ? readOnlyHandlers(handlers, paths.root) : handlers,
    subscribe: (listener) => events.subscribe(listener),
    recovery,
    shutdown: async (timeoutMs = 30_000) => {
      chat.cancelAll()
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))
      await Promise.race([Promise.all([recovery, idleEnder.endAll()]), timeout])
      clearTimeout(timer)
    },
    dispose: () => {
      chat.cancelAll()
      idleEnder.dispose()
      tools.disposeNow()
      nexus.dispose()
      files.dispose()
      db.close()
    }
  }
}

/** The home's rotating log; the API key and the serve token are blanked out of every line. */
function defaultLog(path: string, env: NodeJS.ProcessEnv, clock: Clock): Logger {
  return new FileLogger({
    path,
    level: logLevelFrom(env.HEARTH_LOG_LEVEL),
    now: () => clock.now(),
    secrets: () => [env.ANTHROPIC_API_KEY, env.HEARTH_SERVE_TOKEN]
  })
}

/** Starts finishing interrupted session ends; never rejects (a read-only home simply has nothing to do). */
function resumeSessionEnds(sessions: SessionsService, db: Db, log: Logger): Promise<ResumeReport> {
  if (db.readonly) return Promise.resolve({ sessions: 0, hooks: [] })
  return sessions.resumeInterrupted().catch((error: unknown) => {
    log.error('finishing interrupted session ends failed', { error })
    return {
      sessions: 0,
      hooks: [{ id: 'resume', ok: false, error: error instanceof Error ? error.message : String(error) }]
    }
  })
}
