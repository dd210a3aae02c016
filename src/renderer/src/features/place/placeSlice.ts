import type { StoreApi } from 'zustand'
import type { ChatScrollAnchor, SessionId, ThemePreference, UiPlace } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { isSectionId } from '../../app/sectionIds'
import type { AppState, SliceCreator } from '../../store/types'
import { keepAnchor } from '../chat/chatScrollAnchor'
import { loadMarkdown } from '../chat/markdown/LazyMarkdown'

/** Where the user was (agent, chat, each chat's scroll position, section) and the theme, kept by the core across reloads and restarts. */
export interface PlaceSlice {
  /** True once the last place was put back; only then are changes saved (the start-up state is not a choice). */
  readonly placeRestored: boolean
  readonly restorePlace: () => Promise<void>
  /** The theme switch: shown at once, saved as a setting of the home. */
  readonly chooseTheme: (theme: ThemePreference) => Promise<void>
  /** Per chat, where it was scrolled back to; a chat not listed is read at its end. */
  readonly chatScroll: Readonly<Record<string, ChatScrollAnchor>>
  /** The transcript was scrolled: keeps where (null: at the end), for switching back and the next start. */
  readonly keepChatScroll: (sessionId: SessionId, anchor: ChatScrollAnchor | null) => void
}

export function createPlaceSlice(api: ApiClient): SliceCreator<PlaceSlice> {
  return (set, get) => ({
    placeRestored: false,
    async restorePlace() {
      const agentBefore = get().selectedAgentId
      try {
        const { theme, place } = await api.call('ui.get', {})
        get().setThemePreference(theme)
        if (place !== null) set({ chatScroll: place.scroll ?? {} })
        // On a large home the app is usable before the place is read back. Where the user has gone
        // meanwhile (a section, another agent, a chat) stands: the place is theirs to choose now.
        const state = get()
        const moved =
          state.sectionChosen || state.chatSessionId !== null || state.selectedAgentId !== agentBefore
        // The chat's replies are drawn with the markdown renderer: fetched while the chat loads.
        if (place !== null && !moved && place.sessionId !== null) void loadMarkdown()
        if (place !== null && !moved) await goTo(get, place)
      } catch {
        // No place to go back to (an older core, a damaged file): the app opens as on a first visit.
      }
      set({ placeRestored: true })
    },
    async chooseTheme(theme) {
      get().setThemePreference(theme)
      await api.call('ui.setTheme', { theme })
    },
    chatScroll: {},
    keepChatScroll(sessionId, anchor) {
      const next = keepAnchor(get().chatScroll, sessionId, anchor)
      if (next !== get().chatScroll) set({ chatScroll: next })
    }
  })
}

/** Puts back an agent that still exists, its chat, and a section the app still has. */
async function goTo(get: () => AppState, place: UiPlace): Promise<void> {
  if (place.agentId !== null && get().agentIds.includes(place.agentId)) get().selectAgent(place.agentId)
  if (isSectionId(place.section)) get().navigate(place.section)
  if (place.sessionId !== null && place.agentId === get().selectedAgentId)
    await get().openChatSession(place.sessionId)
}

/** The place as the core keeps it. */
function placeOf(state: AppState): UiPlace {
  return {
    agentId: state.selectedAgentId,
    sessionId: state.chatSessionId,
    section: state.section,
    scroll: state.chatScroll
  }
}

/** Saves the place shortly after it changes (a burst of changes is one write). */
export function watchPlace(api: ApiClient, store: StoreApi<AppState>, delayMs = 300): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let last = ''
  return store.subscribe((state) => {
    if (!state.placeRestored) return
    const place = placeOf(state)
    const key = JSON.stringify(place)
    if (key === last) return
    last = key
    clearTimeout(timer)
    // A failed save only costs the place on the next start; the page goes on as it is.
    timer = setTimeout(() => void api.call('ui.setPlace', place).catch(() => undefined), delayMs)
  })
}
