import type { SectionId } from '../app/sectionIds'
import type { AppState, SliceCreator } from './types'

export interface NavigationSlice {
  readonly section: SectionId
  readonly navigate: (section: SectionId) => void
}

/** Chat is where a user spends most of the time, so the app opens there (also right after first run). */
export function createNavigationSlice(): SliceCreator<NavigationSlice> {
  return (set) => ({
    section: 'chat',
    navigate(section) {
      set({ section })
    }
  })
}

export const selectSection = (state: AppState): SectionId => state.section
