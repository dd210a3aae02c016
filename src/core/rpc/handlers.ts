import type { Handlers } from '../../shared/contract'
import type { CoreServices } from '../createCore'
import { listDirs } from '../services/appService'

/**
 * Implements the contract on top of the services. Each feature contributes a `…Handlers`
 * factory; this function only merges them, so the mapping stays one line per method.
 */
export function createHandlers(services: CoreServices): Handlers {
  return {
    'app.info': async () => ({ home: services.paths.root, host: services.host, version: services.version }),
    'app.listDirs': async ({ dir }) => listDirs(dir),
    'agents.list': async () => services.agents.list(),
    'agents.create': async ({ name, id }) => services.agents.create(name, id),
    'agents.rename': async ({ id, name }) => services.agents.rename(id, name),
    'agents.delete': async ({ id }) => {
      services.agents.delete(id)
      return { deleted: true as const }
    },
    'files.read': async ({ target }) => services.files.read(target),
    'files.write': async ({ target, content, baseHash, force }) => services.files.write(target, content, baseHash, force),
    'files.watch': async ({ target }) => {
      services.files.watch(target)
      return { watching: true as const }
    },
    'settings.get': async () => services.settings.view(),
    'settings.update': async (patch) => services.settings.update(patch),
    'settings.setApiKey': async ({ key }) => services.settings.setApiKey(key)
  }
}
