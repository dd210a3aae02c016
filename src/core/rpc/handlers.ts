import type { Handlers } from '../../shared/contract'
import type { CoreServices } from '../coreServices'
import { agentHandlers, appHandlers, fileHandlers, settingsHandlers } from './foundationHandlers'
import { chatHandlers, inspectorHandlers, sessionHandlers } from './chatHandlers'
import { chatsHandlers } from './chatsHandlers'
import { promptHandlers } from './promptHandlers'
import { nexusHandlers } from './nexusHandlers'
import { nexusSyncHandlers } from './nexusSyncHandlers'
import { nexusTeamHandlers } from './nexusTeamHandlers'
import { memoriesHandlers, memoryHandlers, reviewHandlers } from './memoryHandlers'
import { toolsHandlers } from './toolsHandlers'
import { versionHandlers } from './versionHandlers'
import { attachmentHandlers } from './attachmentHandlers'
import { modelHandlers } from './modelHandlers'
import { knowledgeHandlers } from './knowledgeHandlers'
import { importHandlers } from './importHandlers'
import { backupHandlers } from './backupHandlers'
import { skillsHandlers, uiHandlers } from './skillsHandlers'
import { wikiHandlers } from './wikiHandlers'

/**
 * Implements the contract on top of the services. Each feature contributes one
 * `…Handlers(services)` factory; this function only merges them, and the `Handlers` type
 * makes a missing method a compile error.
 */
export function createHandlers(services: CoreServices): Handlers {
  return {
    ...appHandlers(services),
    ...agentHandlers(services),
    ...fileHandlers(services),
    ...nexusHandlers(services),
    ...nexusSyncHandlers(services),
    ...nexusTeamHandlers(services),
    ...settingsHandlers(services),
    ...chatHandlers(services),
    ...memoryHandlers(services),
    ...memoriesHandlers(services),
    ...reviewHandlers(services),
    ...sessionHandlers(services),
    ...inspectorHandlers(services),
    ...chatsHandlers(services),
    ...promptHandlers(services),
    ...toolsHandlers(services),
    ...versionHandlers(services),
    ...attachmentHandlers(services),
    ...modelHandlers(services),
    ...knowledgeHandlers(services),
    ...importHandlers(services),
    ...backupHandlers(services),
    ...skillsHandlers(services),
    ...uiHandlers(services),
    ...wikiHandlers(services)
  }
}
