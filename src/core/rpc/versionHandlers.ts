import type { SessionId, TurnId } from '../../shared/contract'
import type { versionMethods } from '../../shared/contract/versions'
import type { StartedTurn } from '../chat/chatOptions'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** Ids now; the turn runs on in the background and reports itself as chat.* events (failures included). */
export async function detached(
  starting: Promise<StartedTurn>
): Promise<{ turnId: TurnId; sessionId: SessionId }> {
  const turn = await starting
  turn.done.catch(() => undefined)
  return { turnId: turn.turnId, sessionId: turn.sessionId }
}

/** Regenerate and edit start a new version of a turn; switching versions moves the chosen path. */
export function versionHandlers(services: CoreServices): FeatureHandlers<typeof versionMethods> {
  return {
    'chat.regenerate': async (input) => detached(services.chat.regenerate(input)),
    'chat.edit': async (input) => detached(services.chat.edit(input)),
    'sessions.selectVersion': async ({ sessionId, turnId }) =>
      services.sessions.selectVersion(sessionId, turnId),
    'sessions.selectVersionOf': async ({ sessionId, messageId }) =>
      services.sessions.selectVersionOf(sessionId, messageId),
    'sessions.forkCost': async ({ sessionId, turnId }) => services.sessions.forkCost(sessionId, turnId)
  }
}
