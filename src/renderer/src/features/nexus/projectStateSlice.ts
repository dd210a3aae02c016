import type { NexusEntry } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage, isRpcError } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** nexus/project-state.md as the editor holds it. */
export interface ProjectStateDoc {
  readonly path: string
  /** What is on disk (as of the last load or save). */
  readonly content: string
  readonly hash: string
  readonly draft: string
  readonly saving: boolean
  /** Set when a save was refused because the file changed elsewhere; the draft is kept. */
  readonly conflict: string | null
  readonly error: string | null
  /** The `state` entry the last save appended. */
  readonly lastEntry: NexusEntry | null
}

export interface ProjectStateSlice {
  readonly projectState: ProjectStateDoc | null
  readonly loadProjectState: () => Promise<void>
  readonly editProjectState: (draft: string) => void
  /** Saves against the loaded hash; `force` overwrites a version changed elsewhere, on purpose. */
  readonly saveProjectState: (force?: boolean) => Promise<void>
}

export function createProjectStateSlice(api: ApiClient): SliceCreator<ProjectStateSlice> {
  const patch = (
    state: AppState,
    changes: Partial<ProjectStateDoc>
  ): Pick<ProjectStateSlice, 'projectState'> => ({
    projectState: state.projectState === null ? null : { ...state.projectState, ...changes }
  })
  return (set, get) => ({
    projectState: null,
    async loadProjectState() {
      try {
        const doc = await api.call('nexus.projectState.read', {})
        set({
          projectState: {
            path: doc.path,
            content: doc.content,
            hash: doc.hash,
            draft: doc.content,
            saving: false,
            conflict: null,
            error: null,
            lastEntry: null
          }
        })
      } catch (error) {
        set({
          projectState: {
            path: '',
            content: '',
            hash: '',
            draft: '',
            saving: false,
            conflict: null,
            error: errorMessage(error),
            lastEntry: null
          }
        })
      }
    },
    editProjectState(draft) {
      set((state) => patch(state, { draft }))
    },
    async saveProjectState(force = false) {
      const current = get().projectState
      if (current === null || current.saving) return
      set((state) => patch(state, { saving: true, error: null }))
      try {
        const doc = await api.call('nexus.projectState.save', {
          content: current.draft,
          baseHash: current.hash,
          ...(force ? { force } : {})
        })
        set((state) =>
          patch(state, {
            content: doc.content,
            hash: doc.hash,
            saving: false,
            conflict: null,
            lastEntry: doc.entry
          })
        )
      } catch (error) {
        const conflict = isRpcError(error, 'conflict') ? error.message : null
        set((state) =>
          patch(state, { saving: false, conflict, error: conflict === null ? errorMessage(error) : null })
        )
      }
    }
  })
}

export const selectProjectState = (state: AppState): ProjectStateDoc | null => state.projectState
