import type { AssembledPromptView } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'
import { selectProjectDir } from '../files/projectFolderSlice'

/**
 * The Prompt view's state: the prompt a new session of the selected agent would get, for the
 * chosen project folder, model and platform (blank = what config.json says).
 */
export interface PromptSlice {
  readonly promptView: AssembledPromptView | null
  readonly promptLoading: boolean
  readonly promptError: string | null
  readonly promptModel: string
  readonly promptPlatform: string
  readonly setPromptModel: (model: string) => void
  readonly setPromptPlatform: (platform: string) => void
  /** Assembles again with the current agent, folder, model and platform. */
  readonly assemblePrompt: () => Promise<void>
}

export function createPromptSlice(api: ApiClient): SliceCreator<PromptSlice> {
  // Only the newest request may update the view: a slow earlier answer must not overwrite it.
  let latest = 0
  return (set, get) => ({
    promptView: null,
    promptLoading: false,
    promptError: null,
    promptModel: '',
    promptPlatform: '',
    setPromptModel(model) {
      set({ promptModel: model })
    },
    setPromptPlatform(platform) {
      set({ promptPlatform: platform })
    },
    async assemblePrompt() {
      const { selectedAgentId, promptModel, promptPlatform } = get()
      const projectDir = selectProjectDir(get())
      if (selectedAgentId === null) return set({ promptView: null, promptError: null })
      const request = ++latest
      set({ promptLoading: true })
      try {
        const view = await api.call('prompt.assemble', {
          agentId: selectedAgentId,
          ...(projectDir !== null ? { cwd: projectDir } : {}),
          ...(promptModel.trim() !== '' ? { model: promptModel.trim() } : {}),
          ...(promptPlatform !== '' ? { platform: promptPlatform } : {})
        })
        if (request === latest) set({ promptView: view, promptError: null, promptLoading: false })
      } catch (error) {
        if (request === latest) set({ promptError: errorMessage(error), promptLoading: false })
      }
    }
  })
}

export const selectPromptView = (state: AppState): AssembledPromptView | null => state.promptView
export const selectPromptLoading = (state: AppState): boolean => state.promptLoading
export const selectPromptError = (state: AppState): string | null => state.promptError
export const selectPromptModel = (state: AppState): string => state.promptModel
export const selectPromptPlatform = (state: AppState): string => state.promptPlatform
