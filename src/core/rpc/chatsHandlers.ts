import type { chatsMethods } from '../../shared/contract/chats'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** Chat management: names, pins, the trash, search across agents, export. */
export function chatsHandlers(services: CoreServices): FeatureHandlers<typeof chatsMethods> {
  const library = services.chatLibrary
  return {
    'chats.rename': async ({ id, title }) => library.rename(id, title),
    'chats.pin': async ({ id, pinned }) => library.pin(id, pinned),
    'chats.delete': async ({ id }) => library.trash(id),
    'chats.restore': async ({ id }) => library.restore(id),
    'chats.purge': async ({ id }) => library.purge(id),
    'chats.trash': async ({ agentId }) => library.trashList(agentId),
    'chats.search': async ({ query, agentId, limit }) => ({
      hits: library.search(query, { ...(agentId ? { agentId } : {}), ...(limit ? { limit } : {}) })
    }),
    'chats.export': async ({ id, format }) => library.export(id, format)
  }
}
