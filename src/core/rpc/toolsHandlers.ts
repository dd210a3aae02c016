import type { mcpServersMethods } from '../../shared/contract/mcpServers'
import type { toolsMethods } from '../../shared/contract/tools'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** Settings → Tools and the untrusted-gate answer. */
export function toolsHandlers(
  services: CoreServices
): FeatureHandlers<typeof toolsMethods & typeof mcpServersMethods> {
  return {
    'tools.list': async ({ agentId }) => services.tools.list(agentId),
    'tools.setEnabled': async ({ agentId, toolset, enabled }) =>
      services.tools.setEnabled(agentId, toolset, enabled),
    'tools.problems': async ({ sessionId }) => ({
      problems: [...services.tools.problemsFor(services.sessions.get(sessionId).agentId)]
    }),
    'tools.confirm': async ({ requestId, approved }) => ({
      resolved: services.tools.answerConfirmation(requestId, approved)
    }),
    'tools.listServers': async () => services.tools.servers.list(),
    'tools.saveServer': async ({ server, previousName, headers }) =>
      services.tools.servers.save(server, previousName, headers),
    'tools.removeServer': async ({ name }) => services.tools.servers.remove(name),
    'tools.testServer': async ({ name }) => services.tools.servers.test(name),
    'tools.parseServers': async ({ text }) => services.tools.servers.parse(text),
    'tools.projectServers': async ({ folder }) => services.tools.projects.view(folder),
    'tools.decideProjectServers': async ({ folder, decision }) =>
      services.tools.projects.decideFolder(folder, decision)
  }
}
