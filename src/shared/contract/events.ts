import { z } from 'zod'
import { Agent } from './agents'
import { FileChanged } from './files'
import { NexusAppended } from './nexus'

/** Every event the core pushes to a renderer, with its payload schema. Names are `domain.pastTense`. */
export const events = {
  'files.changed': FileChanged,
  'agents.changed': z.object({ agents: z.array(Agent) }),
  'nexus.appended': NexusAppended
} as const
