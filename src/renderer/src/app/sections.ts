import type { ComponentType } from 'react'
import { ChatSection } from '../features/chat/ChatSection'
import { loadMarkdown } from '../features/chat/markdown/LazyMarkdown'
import { selectReviewPendingCount } from '../features/review/reviewSlice'
import { selectNexusConflictCount } from '../features/nexus/nexusConflictsSlice'
import { selectDirtyFileCount, selectDirtySkillCount } from '../features/files/fileSelectors'
import { selectConfigErrorCount } from '../features/settings/settingsSlice'
import type { StoreApi } from 'zustand'
import type { AppState } from '../store/types'
import { preloadInOrder, type HostReach } from './preloadQueue'
import { lazyCode, type LazyCode } from '../lib/lazyCode'
import type { SectionId } from './sectionIds'

/*
 * Chat is the first screen and ships in the first bundle; every other section is its own chunk,
 * loaded when first opened (SectionView shows "Loading…" meanwhile) or, once the first screen is
 * drawn, ahead of time by `preloadSections`, so opening one later waits for nothing.
 */
const SECTION_CODE = {
  prompt: lazyCode(() => import('../features/prompt/PromptSection').then((m) => m.PromptSection)),
  files: lazyCode(() => import('../features/files/FilesSection').then((m) => m.FilesSection)),
  skills: lazyCode(() => import('../features/skills/SkillsSection').then((m) => m.SkillsSection)),
  memories: lazyCode(() => import('../features/memories/MemoriesSection').then((m) => m.MemoriesSection)),
  review: lazyCode(() => import('../features/review/ReviewSection').then((m) => m.ReviewSection)),
  nexus: lazyCode(() => import('../features/nexus/NexusSection').then((m) => m.NexusSection)),
  wiki: lazyCode(() => import('../features/wiki/WikiSection').then((m) => m.WikiSection)),
  import: lazyCode(() => import('../features/imports/ImportSection').then((m) => m.ImportSection)),
  inspector: lazyCode(() => import('../features/inspector/InspectorSection').then((m) => m.InspectorSection)),
  settings: lazyCode(() => import('../features/settings/SettingsSection').then((m) => m.SettingsSection))
} satisfies Partial<Record<SectionId, LazyCode>>

/**
 * Loads every section's code and the replies' markdown renderer in the background, one chunk per
 * idle moment (parsing them all at once would hold the page for a while just as the person starts
 * to type), pausing while the host is away (`preloadInOrder`).
 */
export function preloadSections(store: StoreApi<AppState>): void {
  const reach: HostReach = {
    connected: () => store.getState().connection === 'connected',
    whenConnected(then) {
      const stop = store.subscribe((state) => {
        if (state.connection !== 'connected') return
        stop()
        then()
      })
    }
  }
  preloadInOrder(
    [...Object.values(SECTION_CODE).map((code) => code.load), loadMarkdown],
    reach,
    (step) => void requestIdleCallback(step)
  )
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
  prompt: { label: 'Prompt', component: SECTION_CODE.prompt.component },
  files: {
    label: 'Files',
    component: SECTION_CODE.files.component,
    badge: selectDirtyFileCount,
    badgeNoun: 'unsaved'
  },
  skills: {
    label: 'Skills',
    component: SECTION_CODE.skills.component,
    badge: selectDirtySkillCount,
    badgeNoun: 'unsaved'
  },
  memories: { label: 'Memories', component: SECTION_CODE.memories.component },
  review: {
    label: 'Review',
    component: SECTION_CODE.review.component,
    badge: selectReviewPendingCount,
    badgeNoun: 'waiting'
  },
  nexus: {
    label: 'Nexus',
    component: SECTION_CODE.nexus.component,
    badge: selectNexusConflictCount,
    badgeNoun: 'conflicts'
  },
  wiki: { label: 'Wiki', component: SECTION_CODE.wiki.component },
  import: { label: 'Import', component: SECTION_CODE.import.component },
  inspector: { label: 'Inspector', component: SECTION_CODE.inspector.component },
  settings: {
    label: 'Settings',
    component: SECTION_CODE.settings.component,
    badge: selectConfigErrorCount,
    badgeNoun: 'config problems'
  }
}
