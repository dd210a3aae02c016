import { applyPendingRestore } from './backup/pendingRestore'
import { ImportService } from './imports/importService'
import { backupServiceFor } from './backup/backupService'
import { ImportRecords } from './imports/importRecords'
import { IMPORT_READERS } from './imports/sources'
import { openHome } from './home/home'
import type { Db } from './node/db/openDatabase'
import { refuseLostDatabase } from './home/lostDatabase'
import { AttachmentStore } from './attachments/attachmentStore'
import type { Logger } from './ports/logger'
import { systemClock } from './ports/clock'
import { ChatService } from './chat/chatService'
import { openChatStores } from './chat/store/chatStores'
import { SessionPurge } from './chat/session/sessionPurge'
import type { CoreServices } from './coreServices'
import { assembleCore, idleEnderFor, type Core, type Wired } from './coreLifecycle'
import type { CoreOptions } from './coreOptions'
import { defaultLog, foundation, openLoggedDatabase } from './coreFoundation'
import { SessionsService } from './chat/sessionsService'
import { ChatLibrary } from './chats/chatLibrary'
import { chatTitleProvider } from './chats/chatTitle'
import { AgentService } from './services/agentService'
import { FileService } from './services/fileService'
import { SqliteNexusRepository } from './nexus/nexusRepository'
import { NexusService } from './nexus/nexusService'
import { nexusUseCases } from './nexus/nexusFacade'
import { createNexusSync } from './nexus/sync/createNexusSync'
import { SkillsService } from './prompt/skillsService'
import { UiStateService } from './services/uiStateService'
import { PromptService } from './prompt/promptService'
import { injectedViewProvider } from './prompt/injectedView'
import { FileTrust } from './prompt/fileTrust'
import { TrustStore } from './prompt/trustStore'
import { MemoryService } from './memory/memoryService'
import { memoryUseCases } from './memory/memoryFacade'
import { openMemoryStores } from './memory/memoryStores'
import { factSource } from './memory/factSource'
import { messageSource } from './chat/store/messageSource'
import { nexusSource } from './nexus/nexusSource'
import { KnowledgeService } from './knowledge/knowledgeService'
import { EmbeddingDecisionSimilarity, lateSimilarity } from './knowledge/decisionSimilarity'
import { knowledgeRetriever } from './knowledge/knowledgeRetriever'
import { WikiService } from './wiki/wikiService'
import { scanForThreats } from './domain/prompt/scanner'
import { createTools } from './tools/createTools'
import type { HomePaths } from './home/homePaths'
import type { AgentId } from '../shared/contract'
import { HEARTH_VERSION } from '../shared/version'

export type { Core } from './coreLifecycle'
export type { CoreOptions, CoreSeams } from './coreOptions'

/**
 * The composition root: explicit wiring, no container, every dependency passed at construction.
 * Every host (Electron, CLI, web) calls this; tests and the bench too, through `seams`. The order
 * follows the dependencies: the tool layer before the prompt (which guides only the tools a
 * session gets) and before the engine, the engine before the sessions service.
 */
export function createCore(options: CoreOptions): Core {
  // The app's hosts switch to a restore staged in Settings before anything opens the home; a CLI command never does.
  if (options.host !== 'cli') applyPendingRestore(options.home, options.clock ?? systemClock)
  const { paths, readOnly } = openHome(options.home)
  // The log exists before the database opens, so a failed open or migration is on record.
  const log =
    options.log ?? defaultLog(paths.logFile, options.env ?? process.env, options.clock ?? systemClock)
  refuseLostDatabase(paths)
  const db = openLoggedDatabase(paths.db, log, {
    readOnly,
    ...(options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  })
  try {
    return assembleCore(wireServices(options, paths, readOnly, db, log))
  } catch (error) {
    log.error('the core could not be built', { error })
    db.close() // a core that could not be built must not keep the database open
    throw error
  }
}

function wireServices(options: CoreOptions, paths: HomePaths, readOnly: boolean, db: Db, log: Logger): Wired {
  const base = foundation(options, paths, log)
  const { clock, env, events, config, settings } = base
  const chatStores = openChatStores(db, clock.now())
  const agents = new AgentService(db, paths, clock, events)
  const trust = new TrustStore(db, clock)
  const files = new FileService(
    paths,
    agents,
    events,
    injectedViewProvider(agents, () => settings.config(), trust)
  )
  const channel = options.host === 'cli' ? 'cli' : 'desktop'
  const nexusRepository = new SqliteNexusRepository(db, clock)
  // Conflicts by meaning use the knowledge layer's embeddings, built just below.
  const similarity = lateSimilarity()
  const nexusSeams = options.seams?.nexus
  const nexus = new NexusService(db, paths, clock, events, files, {
    similarity: nexusSeams?.similarity ?? similarity.port,
    repository: nexusRepository,
    channel,
    config,
    transcripts: chatStores.transcripts,
    agents,
    log: log.child('nexus'),
    ...(nexusSeams?.pollMs !== undefined ? { pollMs: nexusSeams.pollMs } : {}),
    ...(nexusSeams?.mirrorDelayMs !== undefined ? { mirrorDelayMs: nexusSeams.mirrorDelayMs } : {})
  })
  const knowledge = new KnowledgeService({
    db,
    paths,
    config: () => settings.config(),
    configStore: config,
    secrets: base.secrets,
    env,
    events,
    now: () => clock.now(),
    sources: { fact: factSource(db), message: messageSource(db), nexus: nexusSource(db) },
    log: log.child('knowledge'),
    readOnly,
    background: !readOnly && options.seams?.knowledgeBackground !== false
  })
  similarity.bind(new EmbeddingDecisionSimilarity(knowledge.embedder))
  const wiki = new WikiService({
    paths,
    facts: factSource(db),
    nexus: nexusSource(db),
    agentName: (id) => agents.list().find((agent) => agent.id === id)?.name ?? id,
    log: log.child('wiki'),
    events,
    isOpen: () => db.open,
    readOnly
  })
  const nexusSync = createNexusSync({
    db,
    paths,
    repository: nexusRepository,
    nexus,
    config,
    clock,
    events,
    log: log.child('nexus.sync'),
    secrets: () => settings.knownSecrets()
  })
  const memory = new MemoryService({
    retriever: options.seams?.retriever ?? knowledgeRetriever(knowledge),
    stores: openMemoryStores(db, clock, chatStores.transcripts),
    db,
    paths,
    clock,
    events,
    settings,
    models: base.models,
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
  const toolNames = async (agentId: AgentId): Promise<string[]> =>
    (await catalog.sessionTools(agentId)).map((tool) => tool.name)
  const prompts = new PromptService({
    paths,
    agents,
    config: () => settings.config(),
    clock,
    env,
    toolNames,
    trust,
    log: log.child('prompt')
  })
  const attachments = new AttachmentStore(db, paths.root, clock)
  const purgeSteps = [
    memory.purgeStep(),
    knowledge.purgeStep(),
    chatStores.library.purgeStep(),
    ...(options.seams?.purgeSteps ?? [])
  ]
  const chatLibrary: ChatLibrary = new ChatLibrary({
    repo: chatStores.sessions,
    library: chatStores.library,
    purge: new SessionPurge(db, purgeSteps),
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
      models: base.models,
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
  if (options.host !== 'cli') nexusSync.startSchedule(() => chat.isAnsweringAny())
  const endHooks = [memory.retentionHook(), nexus.sessionEnd]
  const sessions = new SessionsService({ chat, stores: chatStores, db, endHooks, settings, clock, events })
  const idleEnder = idleEnderFor(sessions, base)
  const host = options.host === 'electron' ? 'electron' : 'web'
  const services: CoreServices = {
    host,
    version: HEARTH_VERSION,
    paths,
    readOnly,
    clock,
    events,
    log,
    config,
    agents,
    files,
    fileTrust: new FileTrust(files, trust),
    nexus: nexusUseCases(nexus),
    nexusSync,
    settings,
    models: base.models,
    prompts,
    chat,
    sessions,
    chatLibrary,
    memory: memoryUseCases(memory),
    knowledge,
    wiki,
    tools,
    attachments,
    backup: backupServiceFor({
      db,
      paths,
      clock,
      agents,
      config,
      memory,
      chatStores,
      chatLibrary,
      settings,
      events
    }),
    imports: new ImportService({
      db,
      paths,
      clock,
      events,
      log: log.child('imports'),
      agents,
      facts: memory.facts,
      readers: IMPORT_READERS
    }),
    importRecords: new ImportRecords(db, clock, (draft) => tools.servers.save(draft, undefined, undefined)),
    skills: new SkillsService({ paths, config, agents, prompts }),
    ui: new UiStateService(paths.root, config)
  }
  return { services, internals: { db, chatStores, memory, nexus, nexusSync }, idleEnder }
}
