import type { skillsMethods } from '../../shared/contract/skills'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** The Skills screen: the list as an agent's index sees it, new skills, and the switch per agent. */
export function skillsHandlers(services: CoreServices): FeatureHandlers<typeof skillsMethods> {
  const { skills } = services
  return {
    'skills.list': async ({ agentId }) => skills.list(agentId),
    'skills.create': async (input) => skills.create(input),
    'skills.setEnabled': async ({ agentId, path, enabled }) => skills.setEnabled(agentId, path, enabled)
  }
}
