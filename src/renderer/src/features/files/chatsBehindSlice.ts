import type { ChatBehindFile } from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { AppState, SliceCreator } from '../../store/types'

/** The open chats still on an older version of one file's prompt text, as checked for one saved version. */
export interface ChatsBehind {
  /** The saved version (hash) this answer is about. */
  readonly hash: string
  readonly chats: readonly ChatBehindFile[]
  readonly rebuilding: boolean
  /** How many chats the last "Rebuild now" brought up to date (the confirmation). */
  readonly rebuilt: number
  readonly error: string | null
  /** "Not now": the notice stays away until the file is saved again. */
  readonly dismissed: boolean
}

/**
 * Spec §2: a saved SOUL.md, MEMORY.md, USER.md or rules file changes the file, not the prompt
 * frozen in an open chat. Files asks the core which open chats are behind and rebuilds them on
 * request through `sessions.rebuildPrompt`, the same path as the chat's own Rebuild prompt.
 */
export interface ChatsBehindSlice {
  /** By file key (`fileKey`). */
  readonly chatsBehind: Readonly<Record<string, ChatsBehind>>
  /** Asks again for the file's saved version; a notice dismissed for that version stays dismissed. */
  readonly checkChatsBehind: (key: string) => Promise<void>
  readonly rebuildChatsBehind: (key: string) => Promise<void>
  readonly dismissChatsBehind: (key: string) => void
}

function patchBehind(state: AppState, key: string, patch: Partial<ChatsBehind>): Partial<ChatsBehindSlice> {
  const current = state.chatsBehind[key]
  if (current === undefined) return {}
  return { chatsBehind: { ...state.chatsBehind, [key]: { ...current, ...patch } } }
}

export function createChatsBehindSlice(api: ApiClient): SliceCreator<ChatsBehindSlice> {
  return (set, get) => {
    /** Rebuilds each chat that is not answering; returns how many were rebuilt and the first refusal. */
    async function rebuildAll(
      chats: readonly ChatBehindFile[]
    ): Promise<{ done: number; error: string | null }> {
      let done = 0
      let error: string | null = null
      for (const chat of chats.filter((candidate) => !candidate.answering)) {
        try {
          await api.call('sessions.rebuildPrompt', { id: chat.id })
          done += 1
        } catch (failure) {
          error ??= `“${chat.title || 'Untitled chat'}” was not rebuilt: ${errorMessage(failure)}`
        }
      }
      return { done, error }
    }

    return {
      chatsBehind: {},
      async checkChatsBehind(key) {
        const doc = get().openFiles[key]?.doc
        if (doc == null || doc.readError !== null) return
        try {
          const { chats } = await api.call('sessions.behindFile', { target: doc.target })
          set((state) => {
            const previous = state.chatsBehind[key]
            const sameVersion = previous?.hash === doc.hash
            const entry: ChatsBehind = {
              hash: doc.hash,
              chats,
              rebuilding: false,
              rebuilt: sameVersion ? previous.rebuilt : 0,
              error: null,
              dismissed: sameVersion && previous.dismissed
            }
            return { chatsBehind: { ...state.chatsBehind, [key]: entry } }
          })
        } catch (error) {
          // The file itself is saved; only the notice about open chats is missing, and it says so.
          set((state) => ({
            chatsBehind: {
              ...state.chatsBehind,
              [key]: {
                hash: doc.hash,
                chats: [],
                rebuilding: false,
                rebuilt: 0,
                dismissed: false,
                error: errorMessage(error)
              }
            }
          }))
        }
      },
      async rebuildChatsBehind(key) {
        const entry = get().chatsBehind[key]
        if (entry === undefined || entry.rebuilding) return
        set((state) => patchBehind(state, key, { rebuilding: true, error: null }))
        const { done, error } = await rebuildAll(entry.chats)
        const open = get().chatSessionId
        if (open !== null && entry.chats.some((chat) => chat.id === open))
          // The chat screen reloads its chat when it is opened; a failed refresh here only delays that.
          await get()
            .refreshChatDetail()
            .catch(() => undefined)
        await get().checkChatsBehind(key)
        set((state) => patchBehind(state, key, { rebuilding: false, rebuilt: done, error }))
      },
      dismissChatsBehind(key) {
        set((state) => patchBehind(state, key, { dismissed: true }))
      }
    }
  }
}

export const selectChatsBehind =
  (key: string) =>
  (state: AppState): ChatsBehind | undefined =>
    state.chatsBehind[key]
