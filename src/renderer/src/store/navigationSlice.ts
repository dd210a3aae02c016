import type { SectionId } from '../app/sectionIds'
import type { AppState, SliceCreator } from './types'

export interface NavigationSlice {
  readonly section: SectionId
  /** True once anything moved to a section: the place put back at start-up leaves such a choice alone. */
  readonly sectionChosen: boolean
  readonly navigate: (section: SectionId) => void
}

/** Chat is where a user spends most of the time, so the app opens there (also right after first run). */
export function createNavigationSlice(): SliceCreator<NavigationSlice> {
  return (set) => ({
    section: 'chat',
    sectionChosen: false,
    navigate(section) {
      set({ section, sectionChosen: true })
    }
  })
}

export const selectSection = (state: AppState): SectionId => state.section
