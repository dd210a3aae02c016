import type { CliCommand } from '../command'
import { agentsCommands } from './agents'
import { benchCommand } from './bench'
import { chatCommand } from './chat'
import { chatsCommands } from './chats'
import { initCommand } from './init'
import { mcpBindCommand, mcpCommand, mcpMembersCommand, mcpRevokeCommand } from './mcp'
import { mcpProjectCommand } from './mcpProject'
import { memoryCommands } from './memory'
import { memoriesCommands } from './memories'
import { modelsCommands } from './models'
import { reviewCommands } from './review'
import { nexusCommands } from './nexus'
import { nexusMarkCommand } from './nexusMark'
import { nexusSyncCommand } from './nexusSync'
import { nexusStateCommands } from './nexusState'
import { nexusBenchAppendCommand } from './nexusBenchAppend'
import { serveCommand } from './serve'
import { sessionsCommands } from './sessions'
import { promptCommands } from './prompt'
import { searchCommands } from './search'
import { importCommands } from './imports'
import { backupCommands } from './backup'
import { restoreCommand } from './restore'
import { wikiCommands } from './wiki'

/** Every CLI command. Each feature adds its commands from its own file in this folder. */
export const COMMANDS: readonly CliCommand[] = [
  initCommand,
  ...agentsCommands,
  serveCommand,
  benchCommand,
  ...memoryCommands,
  ...memoriesCommands,
  ...reviewCommands,
  ...nexusCommands,
  nexusMarkCommand,
  nexusSyncCommand,
  ...nexusStateCommands,
  nexusBenchAppendCommand,
  mcpCommand,
  mcpBindCommand,
  mcpMembersCommand,
  mcpRevokeCommand,
  mcpProjectCommand,
  ...promptCommands,
  chatCommand,
  ...sessionsCommands,
  ...modelsCommands,
  ...chatsCommands,
  ...searchCommands,
  ...importCommands,
  ...backupCommands,
  restoreCommand,
  ...wikiCommands
]
