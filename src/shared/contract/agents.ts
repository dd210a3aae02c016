import { z } from 'zod'
import { method } from './define'
import { AGENT_NAME_MAX } from './constants'
import { AgentId } from './ids'

export { AGENT_NAME_MAX, sameAgentName } from './constants'

export const Agent = z.object({
  id: AgentId,
  name: z.string(),
  createdAtMs: z.number().int()
})
export type Agent = z.infer<typeof Agent>

const AgentName = z
  .string()
  .trim()
  .min(1, 'An agent needs a name')
  .max(AGENT_NAME_MAX, `An agent name has at most ${AGENT_NAME_MAX} characters`)

export const agentMethods = {
  'agents.list': method(z.object({}), z.array(Agent)),
  'agents.create': method(z.object({ name: AgentName, id: AgentId.optional() }), Agent),
  'agents.rename': method(z.object({ id: AgentId, name: AgentName }), Agent),
  'agents.delete': method(z.object({ id: AgentId }), z.object({ deleted: z.literal(true) }))
} as const
