import type { SliceCreator } from '../../store/types'

const STORAGE_KEY = 'hearth.chat.showUsage'

/** Whether the transcript shows token and cache figures under each turn (off: just the cost). */
export interface ChatUsageSlice {
  readonly chatShowUsage: boolean
  readonly toggleChatUsage: () => void
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

/** The "usage" toggle, remembered on this device: detail is for those who ask for it. */
export function createChatUsageSlice(): SliceCreator<ChatUsageSlice> {
  return (set, get) => ({
    chatShowUsage: storage()?.getItem(STORAGE_KEY) === 'on',
    toggleChatUsage() {
      const next = !get().chatShowUsage
      storage()?.setItem(STORAGE_KEY, next ? 'on' : 'off')
      set({ chatShowUsage: next })
    }
  })
}
