import type { ComponentType } from 'react'
import { ChatSection } from '../features/chat/ChatSection'
import { InspectorSection } from '../features/inspector/InspectorSection'
import { FilesSection } from '../features/files/FilesSection'
import { PromptSection } from '../features/prompt/PromptSection'
import { ReviewSection, selectReviewPendingCount } from '../features/review'
import { MemoriesSection } from '../features/memories/MemoriesSection'
import { NexusSection } from '../features/nexus/NexusSection'
import { selectNexusConflictCount } from '../features/nexus/nexusConflictsSlice'
import { selectDirtyFileCount, selectDirtySkillCount } from '../features/files/fileSelectors'
import { SkillsSection } from '../features/skills/SkillsSection'
import { ImportSection } from '../features/imports/ImportSection'
import { WikiSection } from '../features/wiki/WikiSection'
import { SettingsSection } from '../features/settings/SettingsSection'
import { selectConfigErrorCount } from '../features/settings/settingsSlice'
import type { AppState } from '../store/types'
import type { SectionId } from './sectionIds'

export interface SectionDefinition {
  readonly label: string
  /** Rendered in the main area when the section is selected; takes no props (it reads the store). */
  readonly component: ComponentType
  /** A count shown beside the label in the sidebar; 0 hides it. */
  readonly badge?: (state: AppState) => number
  /** What the count counts, for screen readers ("3 pending"); defaults to "pending". */
  readonly badgeNoun?: string
  /** True while the section is only an honest placeholder. */
  readonly pending?: boolean
}

/**
 * The section registry: sidebar order is SECTION_IDS (sectionIds.ts). To plug in a feature,
 * import its component and replace its line, e.g.
 *   chat: { label: 'Chat', component: ChatSection, badge: selectUnreadCount },
 */
export const SECTIONS: Readonly<Record<SectionId, SectionDefinition>> = {
  chat: { label: 'Chat', component: ChatSection },
  prompt: { label: 'Prompt', component: PromptSection },
  files: { label: 'Files', component: FilesSection, badge: selectDirtyFileCount, badgeNoun: 'unsaved' },
  skills: { label: 'Skills', component: SkillsSection, badge: selectDirtySkillCount, badgeNoun: 'unsaved' },
  memories: { label: 'Memories', component: MemoriesSection },
  review: {
    label: 'Review',
    component: ReviewSection,
    badge: selectReviewPendingCount,
    badgeNoun: 'waiting'
  },
  nexus: { label: 'Nexus', component: NexusSection, badge: selectNexusConflictCount, badgeNoun: 'conflicts' },
  wiki: { label: 'Wiki', component: WikiSection },
  import: { label: 'Import', component: ImportSection },
  inspector: { label: 'Inspector', component: InspectorSection },
  settings: {
    label: 'Settings',
    component: SettingsSection,
    badge: selectConfigErrorCount,
    badgeNoun: 'config problems'
  }
}
