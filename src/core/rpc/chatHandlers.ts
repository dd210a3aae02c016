import type { chatMethods } from '../../shared/contract/chat'
import type { inspectorMethods } from '../../shared/contract/inspector'
import type { sessionMethods } from '../../shared/contract/sessions'
import { promptFileOf } from '../chat/cache/promptFreshness'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'
import { detached } from './versionHandlers'

/** chat.send answers with ids at once; the turn streams on as chat.* events. */
export function chatHandlers(services: CoreServices): FeatureHandlers<typeof chatMethods> {
  return {
    'chat.send': async (input) => services.chat.send(input),
    'chat.retry': async (input) => detached(services.chat.retry(input)),
    'chat.cancel': async ({ turnId }) => ({ cancelled: services.chat.cancel(turnId) })
  }
}

export function sessionHandlers(services: CoreServices): FeatureHandlers<typeof sessionMethods> {
  const sessions = services.sessions
  return {
    'sessions.list': async (query) => sessions.list(query),
    'sessions.get': async ({ id, tail }) => sessions.get(id, tail),
    'sessions.search': async ({ query, agentId, limit }) => ({
      hits: sessions.search(query, { ...(agentId ? { agentId } : {}), ...(limit ? { limit } : {}) })
    }),
    'sessions.end': async ({ id }) => sessions.end(id),
    'sessions.runSkippedEndWork': async ({ id }) => sessions.ends.runSkipped(id),
    'sessions.rebuildPrompt': async ({ id }) => sessions.rebuildPrompt(id),
    'sessions.cacheBreakCost': async ({ id, model, cwd }) =>
      sessions.cacheBreakCost(id, { ...(model ? { model } : {}), ...(cwd !== undefined ? { cwd } : {}) }),
    'sessions.behindFile': async ({ target }) => {
      const file = promptFileOf(target, services.files.resolvePath(target))
      return { chats: file === null ? [] : sessions.behindFile(file) }
    }
  }
}

/** The Inspector: a turn's calls, then their requests' and diffs' earlier messages a page at a time. */
export function inspectorHandlers(services: CoreServices): FeatureHandlers<typeof inspectorMethods> {
  const sessions = services.sessions
  return {
    'inspector.turn': async ({ sessionId, turnId }) => sessions.inspect(sessionId, turnId),
    'inspector.requestMessages': async (page) => sessions.inspectRequestMessages(page),
    'inspector.diffMessages': async (page) => sessions.inspectDiffMessages(page)
  }
}
