import type { SectionId } from '../app/sectionIds'
import type { AppState, SliceCreator } from './types'

export interface NavigationSlice {
  readonly section: SectionId
  readonly navigate: (section: SectionId) => void
}

export function createNavigationSlice(): SliceCreator<NavigationSlice> {
  return (set) => ({
    section: 'files',
    navigate(section) {
      set({ section })
    }
  })
}

export const selectSection = (state: AppState): SectionId => state.section
