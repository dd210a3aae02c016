import type { KeyValueStore } from '../../lib/keyValueStore'
import type { AppState, SliceCreator } from '../../store/types'

const DRAFT_KEY = 'hearth.draft.'

/**
 * What the user is typing, per agent and session ("new" before a chat's first message), kept on
 * this device so a reload, a dropped connection or a detour to another chat loses none of it.
 */
export interface ChatDraftSlice {
  readonly chatDrafts: Readonly<Record<string, string>>
  /** Reads the open chat's draft from storage once (after a reload or a switch). */
  readonly loadChatDraft: () => void
  readonly setChatDraft: (text: string) => void
  /** New chat from an ended session: what was typed there (and never sent) comes along. */
  readonly startNewChatWithDraft: () => void
  /** A chat was opened on purpose: the message box takes focus once it is there. */
  readonly chatComposerFocus: ComposerFocus | null
  readonly focusChatComposer: (when: ComposerFocus) => void
  /** The message box took the focus asked for (or there is none, in an ended chat). */
  readonly chatComposerFocusDone: () => void
}

/** 'always', or only when focus has nowhere else to be (after a dialog gave it back to a view that left). */
export type ComposerFocus = 'always' | 'if-lost'

/** The draft slot of the open chat: agent and session (or "new"). */
export function draftKey(state: Pick<AppState, 'selectedAgentId' | 'chatSessionId'>): string {
  return `${state.selectedAgentId ?? 'none'}:${state.chatSessionId ?? 'new'}`
}

export function createChatDraftSlice(storage: KeyValueStore): SliceCreator<ChatDraftSlice> {
  return (set, get) => ({
    chatDrafts: {},
    chatComposerFocus: null,
    focusChatComposer(when) {
      set({ chatComposerFocus: when })
    },
    chatComposerFocusDone() {
      set({ chatComposerFocus: null })
    },
    loadChatDraft() {
      const key = draftKey(get())
      if (key in get().chatDrafts) return
      const stored = storage.get(DRAFT_KEY + key) ?? ''
      set((state) => ({ chatDrafts: { ...state.chatDrafts, [key]: stored } }))
    },
    startNewChatWithDraft() {
      get().loadChatDraft()
      const carried = selectChatDraft(get())
      get().setChatDraft('')
      get().startNewChat()
      get().loadChatDraft()
      if (carried.trim() !== '' && selectChatDraft(get()).trim() === '') get().setChatDraft(carried)
    },
    setChatDraft(text) {
      const key = draftKey(get())
      if (text === '') storage.remove(DRAFT_KEY + key)
      else storage.set(DRAFT_KEY + key, text)
      set((state) => ({ chatDrafts: { ...state.chatDrafts, [key]: text } }))
    }
  })
}

export const selectChatDraft = (state: AppState): string => state.chatDrafts[draftKey(state)] ?? ''
