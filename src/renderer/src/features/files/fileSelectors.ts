import type { AppState } from '../../store/types'
import type { FileKind } from './fileTargets'
import { isDirty, type OpenFile } from './openFile'

export const selectActiveFileKind = (state: AppState): FileKind => state.activeFileKind

export const selectOpenFile =
  (key: string) =>
  (state: AppState): OpenFile | undefined =>
    state.openFiles[key]

export const selectIsDirty =
  (key: string) =>
  (state: AppState): boolean =>
    isDirty(state.openFiles[key])

/** How many open files have unsaved edits (the sidebar badge, the leave-page warning). */
export const selectDirtyCount = (state: AppState): number =>
  Object.values(state.openFiles).filter(isDirty).length
