import type { ImportService } from './imports/importService'
import type { ImportRecords } from './imports/importRecords'
import type { BackupService } from './backup/backupService'
import type { AttachmentStore } from './attachments/attachmentStore'
import type { ChatService } from './chat/chatService'
import type { ChatStores } from './chat/store/chatStores'
import type { SessionsService } from './chat/sessionsService'
import type { ChatLibrary } from './chats/chatLibrary'
import type { EventHub } from './events'
import type { ConfigStore } from './home/configStore'
import type { HomePaths } from './home/homePaths'
import type { MemoryService } from './memory/memoryService'
import type { MemoryUseCases } from './memory/memoryUseCases'
import type { KnowledgeService } from './knowledge/knowledgeService'
import type { WikiService } from './wiki/wikiService'
import type { NexusService } from './nexus/nexusService'
import type { NexusSyncUseCases, NexusUseCases } from './nexus/nexusUseCases'
import type { NexusSync } from './nexus/sync/nexusSync'
import type { Db } from './node/db/openDatabase'
import type { Clock } from './ports/clock'
import type { Logger } from './ports/logger'
import type { ModelClients } from './ports/modelClients'
import type { PromptService } from './prompt/promptService'
import type { SkillsService } from './prompt/skillsService'
import type { UiStateService } from './services/uiStateService'
import type { AgentService } from './services/agentService'
import type { FileService } from './services/fileService'
import type { FileTrust } from './prompt/fileTrust'
import type { SettingsService } from './services/settingsService'
import type { ToolsService } from './tools/toolsService'

/**
 * What the core keeps behind its services: the database and chat's repositories. Tests, the bench
 * and the core's own life (start recovery, closing) reach them through `Core.internals`; the
 * handlers and hosts see only `CoreServices`, so every read and write goes through a service.
 */
export interface CoreInternals {
  readonly db: Db
  /** Chat's repositories (sessions, messages, versions, calls, search), opened once. */
  readonly chatStores: ChatStores
  /** Memory's parts (stores, the tool, retention), wired into other services; hosts see `MemoryUseCases`. */
  readonly memory: MemoryService
  /** The Nexus with its repository and ledgers, wired into the tools, chat and sync; hosts see `NexusUseCases`. */
  readonly nexus: NexusService
  /** Sync with its schedule, which the core's life starts and stops. */
  readonly nexusSync: NexusSync
}

/**
 * Everything the handlers, the CLI and tests reach for, built by `createCore` (the composition
 * root). It lives apart from createCore so the rpc handlers can name it without importing the root.
 * Features add their service here.
 */
export interface CoreServices {
  readonly host: 'electron' | 'web'
  readonly version: string
  readonly paths: HomePaths
  /** The home cannot be written: everything lists, shows and assembles; changes are refused. */
  readonly readOnly: boolean
  readonly clock: Clock
  readonly events: EventHub
  readonly log: Logger
  /** The only reader and writer of config.json: `config.read()`, `config.patch({...})`. */
  readonly config: ConfigStore
  readonly agents: AgentService
  readonly files: FileService
  /** "I wrote this — trust it" for the user's own files (hash-pinned, in `trusted_texts`). */
  readonly fileTrust: FileTrust
  /** The Nexus as the hosts use it: one method per use case, no way into its repository. */
  readonly nexus: NexusUseCases
  /** The Nexus exchanged with other devices through a git remote. */
  readonly nexusSync: NexusSyncUseCases
  readonly settings: SettingsService
  /** Where every SDK client comes from (the model-client port). */
  readonly models: ModelClients
  readonly prompts: PromptService
  readonly chat: ChatService
  readonly sessions: SessionsService
  /** Chat management: rename, pin, trash, search across agents, export. */
  readonly chatLibrary: ChatLibrary
  /** Memory as the hosts use it: one method per use case, no way into its stores. */
  readonly memory: MemoryUseCases
  /** The fourth memory layer: one search over everything the agents know. */
  readonly knowledge: KnowledgeService
  /** The compiled pages under `nexus/wiki/`: one per person, project and tool. */
  readonly wiki: WikiService
  readonly tools: ToolsService
  readonly attachments: AttachmentStore
  /** An agent as a portable bundle, the whole home as one archive. */
  readonly backup: BackupService
  /** Imports from other runtimes and exports (`hearth import`, the Import wizard). */
  readonly imports: ImportService
  /** What imports left behind: their runs and the MCP servers they proposed. */
  readonly importRecords: ImportRecords
  /** The skills folder as the Skills screen shows it: each skill's cost, scan and switch per agent. */
  readonly skills: SkillsService
  /** The theme setting and the user's last place (agent, chat, section). */
  readonly ui: UiStateService
}
