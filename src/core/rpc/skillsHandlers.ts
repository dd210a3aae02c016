import type { skillsMethods } from '../../shared/contract/skills'
import type { uiMethods } from '../../shared/contract/ui'
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

/** The theme setting and the user's last place, kept by the core. */
export function uiHandlers(services: CoreServices): FeatureHandlers<typeof uiMethods> {
  const { ui } = services
  return {
    'ui.get': async () => ui.get(),
    'ui.setTheme': async ({ theme }) => ui.setTheme(theme),
    'ui.setPlace': async (place) => ui.setPlace(place)
  }
}
