import type { nexusTeamMethods } from '../../shared/contract/nexusTeam'
import type { CoreServices } from '../coreServices'
import { conflict } from '../errors'
import type { FeatureHandlers } from './foundationHandlers'

/** The Nexus as team state over the contract: settings, acknowledgements, members, marked turns. */
export function nexusTeamHandlers(services: CoreServices): FeatureHandlers<typeof nexusTeamMethods> {
  const { nexus, chat } = services
  return {
    'nexus.settings.get': async () => nexus.settings(),
    'nexus.settings.update': async (patch) => nexus.updateSettings(patch),
    'nexus.acks': async (query) => nexus.ackStatus(query),
    'nexus.acks.dismiss': async ({ member, seq }) => nexus.dismissAck(member, seq),
    'nexus.members.list': async () => ({ members: nexus.members() }),
    'nexus.members.bind': async (input) => nexus.bindMember(input),
    'nexus.members.revoke': async ({ name }) => nexus.revokeMember(name),
    'nexus.markTurn': async ({ sessionId, turnId }) => {
      // A turn still streaming has no outcome yet: its entry would describe half a turn.
      if (chat.isAnswering(sessionId))
        throw conflict('this chat is answering right now; mark the turn once its reply has finished')
      return nexus.markTurn(sessionId, turnId)
    }
  }
}
