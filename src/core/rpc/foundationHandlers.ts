import type { Handlers, MethodName } from '../../shared/contract'
import type { agentMethods } from '../../shared/contract/agents'
import type { appMethods } from '../../shared/contract/app'
import type { fileMethods } from '../../shared/contract/files'
import type { settingsMethods } from '../../shared/contract/settings'
import type { CoreServices } from '../coreServices'
import { listDirs } from '../services/appService'

/** The handlers for one feature's methods. */
export type FeatureHandlers<M extends Record<string, unknown>> = Pick<Handlers, keyof M & MethodName>

export function appHandlers(services: CoreServices): FeatureHandlers<typeof appMethods> {
  return {
    'app.info': async () => ({ home: services.paths.root, host: services.host, version: services.version }),
    'app.listDirs': async ({ dir }) => listDirs(dir)
  }
}

export function agentHandlers(services: CoreServices): FeatureHandlers<typeof agentMethods> {
  return {
    'agents.list': async () => services.agents.list(),
    'agents.create': async ({ name, id }) => services.agents.create(name, id),
    'agents.rename': async ({ id, name }) => services.agents.rename(id, name),
    'agents.delete': async ({ id }) => {
      services.agents.delete(id)
      return { deleted: true as const }
    }
  }
}

export function fileHandlers(services: CoreServices): FeatureHandlers<typeof fileMethods> {
  return {
    'files.read': async ({ target }) => services.files.read(target),
    'files.write': async ({ target, content, baseHash, force }) =>
      services.files.save(target, content, baseHash, force),
    'files.trust': async ({ target, hash }) => services.fileTrust.trust(target, hash),
    'files.watch': async ({ target }) => {
      services.files.watch(target)
      return { watching: true as const }
    }
  }
}

export function settingsHandlers(services: CoreServices): FeatureHandlers<typeof settingsMethods> {
  return {
    'settings.get': async () => services.settings.view(),
    'settings.update': async (patch) => services.settings.update(patch),
    'settings.setApiKey': async ({ key }) => services.settings.setApiKey(key)
  }
}
