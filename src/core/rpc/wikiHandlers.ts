import type { wikiMethods } from '../../shared/contract/wiki'
import type { CoreServices } from '../coreServices'
import type { FeatureHandlers } from './foundationHandlers'

/** The compiled wiki: its pages, one page with its citations, and a rebuild on demand. */
export function wikiHandlers(services: CoreServices): FeatureHandlers<typeof wikiMethods> {
  const wiki = services.wiki
  return {
    'wiki.list': async () => wiki.list(),
    'wiki.page': async ({ slug }) => wiki.page(slug),
    'wiki.rebuild': async () => {
      wiki.rebuild()
      return wiki.list()
    }
  }
}
