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

/** How many open files have unsaved edits (the leave-page warning). */
export const selectDirtyCount = (state: AppState): number =>
  Object.values(state.openFiles).filter(isDirty).length

/** Files' sidebar badge: its own files with unsaved edits (skills count under Skills). */
export const selectDirtyFileCount = (state: AppState): number =>
  Object.values(state.openFiles).filter((file) => file.target.kind !== 'skill' && isDirty(file)).length

/** Skills' sidebar badge: SKILL.md files with unsaved edits. */
export const selectDirtySkillCount = (state: AppState): number =>
  Object.values(state.openFiles).filter((file) => file.target.kind === 'skill' && isDirty(file)).length
