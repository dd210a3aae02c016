import { z } from 'zod'
import { method } from './define'
import { AgentId } from './ids'

export const Agent = z.object({
  id: AgentId,
  name: z.string(),
  createdAtMs: z.number().int()
})
export type Agent = z.infer<typeof Agent>

/** The longest agent name, in UTF-16 units as JavaScript counts them (the name forms show it as they fill). */
export const AGENT_NAME_MAX = 80

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

/**
 * Whether two display names read the same to a person, so they may not both be used: compared
 * after Unicode compatibility folding (NFKC), trimming, collapsing spaces and ignoring case.
 * Shared so the core refuses and the forms warn by the same rule.
 */
export function sameAgentName(a: string, b: string): boolean {
  return agentNameKey(a) === agentNameKey(b)
}

function agentNameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase()
}
