import { lazy, type ComponentType } from 'react'
import { ChatSection } from '../features/chat/ChatSection'
import { selectReviewPendingCount } from '../features/review/reviewSlice'
import { selectNexusConflictCount } from '../features/nexus/nexusConflictsSlice'
import { selectDirtyFileCount, selectDirtySkillCount } from '../features/files/fileSelectors'
import { selectConfigErrorCount } from '../features/settings/settingsSlice'
import type { AppState } from '../store/types'
import type { SectionId } from './sectionIds'

/*
 * Chat is the first screen and ships in the first bundle; every other section is its own chunk,
 * loaded when first opened (SectionView shows "Loading…" meanwhile) or, once the first screen is
 * drawn, ahead of time by `preloadSections`, so opening one later waits for nothing.
 */
const SECTION_CODE = {
  prompt: () => import('../features/prompt/PromptSection').then((m) => ({ default: m.PromptSection })),
  files: () => import('../features/files/FilesSection').then((m) => ({ default: m.FilesSection })),
  skills: () => import('../features/skills/SkillsSection').then((m) => ({ default: m.SkillsSection })),
  memories: () =>
    import('../features/memories/MemoriesSection').then((m) => ({ default: m.MemoriesSection })),
  review: () => import('../features/review/ReviewSection').then((m) => ({ default: m.ReviewSection })),
  nexus: () => import('../features/nexus/NexusSection').then((m) => ({ default: m.NexusSection })),
  wiki: () => import('../features/wiki/WikiSection').then((m) => ({ default: m.WikiSection })),
  import: () => import('../features/imports/ImportSection').then((m) => ({ default: m.ImportSection })),
  inspector: () =>
    import('../features/inspector/InspectorSection').then((m) => ({ default: m.InspectorSection })),
  settings: () => import('../features/settings/SettingsSection').then((m) => ({ default: m.SettingsSection }))
} satisfies Partial<Record<SectionId, () => Promise<{ default: ComponentType }>>>

/** Loads every section's code in the background (a failure is met again, and shown, when it is opened). */
export function preloadSections(): void {
  for (const load of Object.values(SECTION_CODE)) load().catch(() => undefined)
}

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
  prompt: { label: 'Prompt', component: lazy(SECTION_CODE.prompt) },
  files: {
    label: 'Files',
    component: lazy(SECTION_CODE.files),
    badge: selectDirtyFileCount,
    badgeNoun: 'unsaved'
  },
  skills: {
    label: 'Skills',
    component: lazy(SECTION_CODE.skills),
    badge: selectDirtySkillCount,
    badgeNoun: 'unsaved'
  },
  memories: { label: 'Memories', component: lazy(SECTION_CODE.memories) },
  review: {
    label: 'Review',
    component: lazy(SECTION_CODE.review),
    badge: selectReviewPendingCount,
    badgeNoun: 'waiting'
  },
  nexus: {
    label: 'Nexus',
    component: lazy(SECTION_CODE.nexus),
    badge: selectNexusConflictCount,
    badgeNoun: 'conflicts'
  },
  wiki: { label: 'Wiki', component: lazy(SECTION_CODE.wiki) },
  import: { label: 'Import', component: lazy(SECTION_CODE.import) },
  inspector: { label: 'Inspector', component: lazy(SECTION_CODE.inspector) },
  settings: {
    label: 'Settings',
    component: lazy(SECTION_CODE.settings),
    badge: selectConfigErrorCount,
    badgeNoun: 'config problems'
  }
}
