import type { importMethods } from '../../shared/contract'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** Imports from other runtimes: preview, run, the runs so far, retention over imported chats, proposed servers. */
export function importHandlers(services: CoreServices): FeatureHandlers<typeof importMethods> {
  const { imports, importRecords } = services
  return {
    'imports.preview': async (input) => imports.preview(input),
    'imports.run': async (input) => imports.run(input),
    'imports.list': async () => ({ runs: importRecords.runs() }),
    'imports.retain': async ({ sessionIds }) => {
      // Every id checked before the first run, so a typo does not leave half the chats retained.
      for (const id of sessionIds) services.chatLibrary.summary(id)
      let candidates = 0
      for (const id of sessionIds) {
        candidates += (await services.memory.runRetention(id, { force: true })).candidates.length
      }
      return { candidates, sessions: sessionIds.length }
    },
    'imports.proposals': async () => ({ proposals: importRecords.proposals() }),
    'imports.decideProposal': async ({ id, decision }) => importRecords.decide(id, decision)
  }
}
