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
import { ChatService } from './chat/chatService'
import { openChatStores } from './chat/chatStores'
import type { CoreServices } from './coreServices'
import { SessionsService } from './chat/sessionsService'
import { ChatLibrary } from './chats/chatLibrary'
import type { ResumeReport } from './chat/sessionEndWork'
import { IdleSessionEnder } from './chat/idleSessionEnder'
import { AgentService } from './services/agentService'
import { FileService } from './services/fileService'
import { NexusService } from './nexus/nexusService'
import { SettingsService } from './services/settingsService'
import { PromptService } from './prompt/promptService'
import { injectedViewFor } from './prompt/injectedView'
import { MemoryService } from './memory/memoryService'
import { scanForThreats } from './domain/prompt/scanner'
import { createTools } from './tools/createTools'

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

/** The composition root: explicit wiring, no container. Every host (Electron, CLI, web) calls this. */
export function createCore(options: CoreOptions): Core {
  const { paths, readOnly } = openHome(options.home)
  const db = openDatabase(paths.db, {
    readOnly,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  })
  const clock = options.clock ?? systemClock
  const env = options.env ?? process.env
  const log = options.log ?? defaultLog(paths.logFile, env, clock)
  const events = new EventHub(log.child('events'))
  const secrets = options.secrets ?? new MemorySecretStore()
  const config = new ConfigStore(paths.config)
  const agents = new AgentService(db, paths, clock, events)
  const files = new FileService(paths, agents, events)
  const nexus = new NexusService(db, paths, clock, events, files, {
    channel: options.host === 'cli' ? 'cli' : 'desktop',
    config,
    log: log.child('nexus')
  })
  const settings = new SettingsService(config, secrets, env)
  const prompts = new PromptService({
    paths,
    agents,
    config: () => settings.config(),
    clock,
    env,
    log: log.child('prompt')
  })
  files.injectedView = (target, text, path) =>
    injectedViewFor(prompts, agents, () => settings.config(), target, text, path)
  const attachments = new AttachmentStore(db, paths.root, clock)
  const chatStores = openChatStores(db, clock.now())
  const chat = new ChatService({
    db,
    stores: chatStores,
    clock,
    events,
    settings,
    agents,
    prompts,
    attachments,
    log: log.child('chat'),
    ...(options.host === 'cli' ? { platform: 'cli' } : {})
  })
  const sessions = new SessionsService(chat, settings, clock, events)
  const chatLibrary = new ChatLibrary({
    db,
    repo: chatStores.sessions,
    calls: chatStores.calls,
    search: chatStores.search,
    clock,
    events,
    isAnswering: (id) => chat.isAnswering(id),
    agentNames: () => new Map(agents.list().map((agent) => [agent.id, agent.name]))
  })
  const idleLog = log.child('sessions.idle')
  const onIdleError = (error: unknown, sessionId?: string): void =>
    idleLog.warn('a session could not be ended on idle; its session-end hooks run on the next end', {
      error,
      sessionId
    })
  const idleEnder = new IdleSessionEnder(
    events,
    sessions,
    () => settings.config().retention.idleMinutes,
    onIdleError,
    () => clock.now()
  )
  const memory = new MemoryService({
    db,
    paths,
    clock,
    events,
    settings,
    agents,
    scan: scanForThreats,
    log: log.child('memory')
  })
  chat.registerContextProvider(memory.recallProvider())
  chat.registerSessionEndHook(memory.retentionHook())
  chat.registerContextProvider(nexus.turnContext)
  chat.registerSessionEndHook(nexus.sessionEnd)
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
    sessions,
    secrets,
    env
  })
  chat.useToolCatalog(tools)
  prompts.toolNames = async (agentId) => (await tools.sessionTools(agentId)).map((tool) => tool.name)
  const recovery = resumeSessionEnds(sessions, db, log.child('sessions'))
  const services: CoreServices = {
    host: options.host === 'electron' ? 'electron' : 'web',
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
  return {
    services,
    handlers: readOnly ? readOnlyHandlers(createHandlers(services), paths.root) : createHandlers(services),
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
