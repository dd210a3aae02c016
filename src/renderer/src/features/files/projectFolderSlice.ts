import type { MethodOutput } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

export type FolderListing = MethodOutput<'app.listDirs'>

/**
 * The project folder whose rules file the Files section edits. Picked with a folder browser
 * built on `app.listDirs`, because the web host has no native dialog.
 */
export interface ProjectFolderSlice {
  readonly projectDir: string | null
  readonly folderListing: FolderListing | null
  readonly folderError: string | null
  /** Lists a folder's sub-folders (the user's home folder when `dir` is omitted). */
  readonly browseFolder: (dir?: string) => Promise<void>
  readonly chooseProjectDir: (dir: string) => void
}

export function createProjectFolderSlice(api: ApiClient): SliceCreator<ProjectFolderSlice> {
  return (set) => ({
    projectDir: null,
    folderListing: null,
    folderError: null,
    async browseFolder(dir) {
      try {
        const folderListing = await api.call('app.listDirs', dir === undefined ? {} : { dir })
        set({ folderListing, folderError: null })
      } catch (error) {
        set({ folderError: errorMessage(error) })
      }
    },
    chooseProjectDir(dir) {
      set({ projectDir: dir, activeFileKind: 'rules' })
    }
  })
}

export const selectProjectDir = (state: AppState): string | null => state.projectDir
export const selectFolderListing = (state: AppState): FolderListing | null => state.folderListing
export const selectFolderError = (state: AppState): string | null => state.folderError
