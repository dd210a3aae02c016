import type { WikiList, WikiPageView } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'

/** The wiki screen: the compiled pages, and the one open. */
export interface WikiSlice {
  readonly wikiList: WikiList | null
  /** The page asked for last ('index' until another is opened). */
  readonly wikiSlug: string
  readonly wikiPage: WikiPageView | null
  readonly wikiError: string | null
  /** Reads the list and the open page again. */
  readonly loadWiki: () => Promise<void>
  readonly openWikiPage: (slug: string) => Promise<void>
  readonly rebuildWiki: () => Promise<ActionResult>
}

export function createWikiSlice(api: ApiClient): SliceCreator<WikiSlice> {
  return (set, get) => {
    const readPage = async (slug: string): Promise<void> => {
      try {
        const page = await api.call('wiki.page', { slug })
        if (get().wikiSlug === slug) set({ wikiPage: page, wikiError: null })
      } catch (error) {
        if (get().wikiSlug === slug) set({ wikiPage: null, wikiError: errorMessage(error) })
      }
    }
    return {
      wikiList: null,
      wikiSlug: 'index',
      wikiPage: null,
      wikiError: null,
      async loadWiki() {
        try {
          set({ wikiList: await api.call('wiki.list', {}) })
        } catch (error) {
          set({ wikiError: errorMessage(error) })
          return
        }
        await readPage(get().wikiSlug)
      },
      async openWikiPage(slug) {
        set({ wikiSlug: slug })
        await readPage(slug)
      },
      async rebuildWiki() {
        try {
          set({ wikiList: await api.call('wiki.rebuild', {}) })
          await readPage(get().wikiSlug)
          return { ok: true, value: undefined }
        } catch (error) {
          return { ok: false, message: errorMessage(error) }
        }
      }
    }
  }
}

export const selectWikiList = (state: AppState): WikiList | null => state.wikiList
export const selectWikiPage = (state: AppState): WikiPageView | null => state.wikiPage
