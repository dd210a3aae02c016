import type { importMethods } from '../../shared/contract'
import { conflict, notFound } from '../errors'
import type { CoreServices } from '../coreServices'
import { decideProposal, proposalDraft, proposalViews } from '../imports/importProposals'
import { importRuns } from '../imports/importRuns'
import type { FeatureHandlers } from './foundationHandlers'

/** Imports from other runtimes: preview, run, the runs so far, retention over imported chats, proposed servers. */
export function importHandlers(services: CoreServices): FeatureHandlers<typeof importMethods> {
  const { imports, db } = services
  return {
    'imports.preview': async (input) => imports.preview(input),
    'imports.run': async (input) => imports.run(input),
    'imports.list': async () => ({ runs: importRuns(db) }),
    'imports.retain': async ({ sessionIds }) => {
      let candidates = 0
      for (const id of sessionIds) {
        const session = services.chatStores.sessions.getSession(id)
        if (!session) throw notFound(`No chat with id "${id}"`)
        candidates += (await services.memory.retention.run(id, { force: true })).candidates.length
      }
      return { candidates, sessions: sessionIds.length }
    },
    'imports.proposals': async () => ({ proposals: proposalViews(db) }),
    'imports.decideProposal': async ({ id, decision }) => {
      const found = proposalDraft(db, id)
      if (!found) throw notFound(`No proposed server with id ${id}`)
      if (found.view.status !== 'pending') throw conflict(`That server was already ${found.view.status}`)
      if (decision === 'accept') await services.tools.servers.save(found.draft, undefined, undefined)
      decideProposal(db, id, decision === 'accept' ? 'accepted' : 'dismissed', services.clock.now())
      const after = proposalDraft(db, id)
      return { proposal: after?.view ?? found.view, server: decision === 'accept' ? found.draft : null }
    }
  }
}
