import type { NexusEntry } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import { userPostInput, type UserPostDraft } from './userPost'

/** The user's own posts to the Nexus (notes, decisions, handoffs); the entry then arrives live like any other. */
export interface NexusPostSlice {
  /** The entry the user just posted, for the notice under the Nexus header; null once dismissed. */
  readonly nexusPosted: NexusEntry | null
  readonly postNexusAsUser: (draft: UserPostDraft) => Promise<ActionResult<NexusEntry>>
  readonly dismissNexusPosted: () => void
}

export function createNexusPostSlice(api: ApiClient): SliceCreator<NexusPostSlice> {
  return (set) => ({
    nexusPosted: null,
    async postNexusAsUser(draft) {
      try {
        const { entry } = await api.call('nexus.post', userPostInput(draft))
        set({ nexusPosted: entry })
        return { ok: true, value: entry }
      } catch (error) {
        return { ok: false, message: errorMessage(error) }
      }
    },
    dismissNexusPosted() {
      set({ nexusPosted: null })
    }
  })
}

export const selectNexusPosted = (state: AppState): NexusEntry | null => state.nexusPosted
