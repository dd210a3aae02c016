import { z } from 'zod'
import { Agent } from './agents'
import { chatEvents } from './chat'
import { chatLibraryEvents } from './chats'
import { FileChanged } from './files'
import { MemoryReceipt, MemoryRecalled, MemoryUndone } from './memory'
import { NexusAppended, NexusVerifyProgress } from './nexus'
import { nexusSyncEvents } from './nexusSync'
import { ReviewChanged } from './review'
import { importEvents } from './imports'
import { backupEvents } from './backup'
import { sessionEvents } from './sessions'
import { toolsEvents } from './tools'
import { knowledgeEvents } from './knowledge'

/** Every event the core pushes to a renderer, with its payload schema. Names are `domain.pastTense`. */
export const events = {
  'files.changed': FileChanged,
  'agents.changed': z.object({ agents: z.array(Agent) }),
  ...chatEvents,
  ...chatLibraryEvents,
  ...sessionEvents,
  'memory.written': MemoryReceipt,
  'memory.undone': MemoryUndone,
  'memory.recalled': MemoryRecalled,
  'review.changed': ReviewChanged,
  ...importEvents,
  ...backupEvents,
  'nexus.appended': NexusAppended,
  'nexus.verifyProgress': NexusVerifyProgress,
  ...toolsEvents,
  ...knowledgeEvents,
  ...nexusSyncEvents
} as const
