import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'
import { selectProjectDir } from '../files/projectFolderSlice'
import { rulesOf, type RulesInfo } from './projectRules'
import type { AgentId } from '../../../../shared/contract'

/** What a new chat of the selected agent would load from its project folder. */
export interface FolderPreview {
  readonly agentId: AgentId
  readonly cwd: string | null
  readonly rules: RulesInfo | null
  readonly error: string | null
}

/**
 * The project folder as Chat shows it: the open session's own folder (frozen with its prompt),
 * or, before the first message, the agent's folder and the rules file a new chat would load.
 * Moving an open session to another folder starts a new chat, after the user saw the cost.
 */
export interface ChatProjectSlice {
  readonly chatFolderPreview: FolderPreview | null
  /** A line above the composer after the folder changed (cleared by the next send). */
  readonly chatNotice: string | null
  readonly previewChatFolder: () => Promise<void>
  /** New chat: just sets the agent's folder. Open session: asks first, with the cache cost. */
  readonly changeChatFolder: (cwd: string | null) => Promise<void>
  /** The user confirmed: the agent's folder changes and a new chat starts there. */
  readonly confirmFolderChange: () => void
}

export function createChatProjectSlice(api: ApiClient): SliceCreator<ChatProjectSlice> {
  let latest = 0
  return (set, get) => ({
    chatFolderPreview: null,
    chatNotice: null,
    async previewChatFolder() {
      const state = get()
      const agentId = state.selectedAgentId
      if (agentId === null) return
      const cwd = selectProjectDir(state)
      const request = ++latest
      // No folder, no rules file: nothing to preview. Assembling the whole prompt to learn that
      // would cost the host a read of every memory at start, before the list and the place.
      if (cwd === null) {
        set({ chatFolderPreview: { agentId, cwd, rules: null, error: null } })
        return
      }
      try {
        const view = await api.call('prompt.assemble', { agentId, cwd })
        if (request === latest)
          set({ chatFolderPreview: { agentId, cwd, rules: rulesOf(view.layers), error: null } })
      } catch (error) {
        if (request === latest)
          set({ chatFolderPreview: { agentId, cwd, rules: null, error: errorMessage(error) } })
      }
    },
    async changeChatFolder(cwd) {
      const { chatDetail } = get()
      if (chatDetail === null) {
        get().chooseProjectDir(cwd)
        return
      }
      if (chatDetail.cwd === cwd) return
      try {
        const estimate = await api.call('sessions.cacheBreakCost', { id: chatDetail.id, cwd })
        set({
          chatCacheBreak: {
            kind: 'switch-folder',
            model: estimate.model,
            cwd,
            prefixTokens: estimate.prefixTokens,
            extraCostUsd: estimate.extraCostUsd
          }
        })
      } catch (error) {
        set({ chatError: errorMessage(error) })
      }
    },
    confirmFolderChange() {
      const pending = get().chatCacheBreak
      if (pending?.kind !== 'switch-folder') return
      const cwd = pending.cwd ?? null
      get().chooseProjectDir(cwd)
      get().startNewChat()
      set({
        chatCacheBreak: null,
        chatNotice:
          cwd === null
            ? 'New chat without a project folder. The earlier chat keeps its folder.'
            : `New chat in ${cwd}. The earlier chat keeps its folder.`
      })
    }
  })
}

/** The folder Chat is in right now: the open session's, else the agent's folder for a new chat. */
export function selectChatFolder(state: AppState): string | null {
  return state.chatDetail !== null ? state.chatDetail.cwd : selectProjectDir(state)
}
