import type {
  ChatChanged,
  ChatExportFormat,
  ChatSearchHit,
  SessionId,
  SessionSummary
} from '../../../../shared/contract'
import type { ApiClient } from '../../api/client'
import { errorMessage } from '../../api/rpcError'
import type { ActionResult, AppState, SliceCreator } from '../../store/types'
import type { ComposerFocus } from '../chat/chatDraftSlice'
import { downloadText } from './download'

/** Chats the switcher lists before anything is typed; typing searches every chat in the core. */
const SWITCHER_RECENT = 50

/**
 * Managing chats beside talking in them: rename, pin, the trash, export, the search over every
 * agent's chats and the Ctrl/Cmd+K switcher. Lists reload on `chats.changed`, so another window
 * (or the CLI) renaming or deleting a chat shows here too.
 */
export interface ChatsSlice {
  readonly chatsTrash: readonly SessionSummary[]
  readonly chatsTrashOpen: boolean
  readonly chatsQuery: string
  readonly chatsHits: readonly ChatSearchHit[]
  readonly chatsNotice: string | null
  /** The chat just moved to the trash, for the "Moved to Trash · Undo" notice. */
  readonly chatsTrashed: TrashedChat | null
  readonly switcherOpen: boolean
  /** Pinned and recent chats of every agent, for the switcher. */
  /** The switcher's recent chats (its first page of every agent's chats). */
  readonly switcherChats: readonly SessionSummary[]
  /** How many live chats there are in all, so the switcher can say when it shows only the recent ones. */
  readonly switcherChatsTotal: number
  readonly renameChat: (id: string, title: string) => Promise<ActionResult>
  readonly pinChat: (id: string, pinned: boolean) => Promise<void>
  readonly trashChat: (id: string) => Promise<void>
  /** Brings the chat just trashed back, and opens it again when it was open. */
  readonly undoTrashChat: () => Promise<void>
  readonly dismissTrashedChat: () => void
  readonly restoreChat: (id: string) => Promise<void>
  readonly purgeChat: (id: string) => Promise<void>
  readonly showChatsTrash: (open: boolean) => Promise<void>
  readonly exportChat: (id: string, format: ChatExportFormat) => Promise<void>
  readonly searchAllChats: (query: string) => Promise<void>
  /**
   * Opens a chat found by search or the switcher, on its message; then its message box takes
   * the focus (`if-lost`: only when focus has nowhere else to be, as after the switcher gave it back).
   */
  readonly openChatHit: (
    hit: Pick<ChatSearchHit, 'agentId' | 'sessionId' | 'messageId'>,
    focus?: ComposerFocus
  ) => Promise<void>
  readonly openSwitcher: () => Promise<void>
  readonly closeSwitcher: () => void
  readonly receiveChatsChanged: (change: ChatChanged) => Promise<void>
}

export interface TrashedChat {
  readonly id: SessionId
  readonly title: string
  /** It was the open chat: Undo opens it again. */
  readonly wasOpen: boolean
}

export function createChatsSlice(api: ApiClient): SliceCreator<ChatsSlice> {
  return (set, get) => {
    /** Runs a change; a refusal shows as the chat's notice instead of being lost. */
    const attempt = async (work: () => Promise<unknown>): Promise<void> => {
      try {
        await work()
        set({ chatsNotice: null })
      } catch (error) {
        set({ chatsNotice: errorMessage(error) })
      }
    }
    /** The "moved to Trash" notice goes once its chat is back, or gone for good, some other way. */
    const forgetTrashed = (id: string): void => {
      if (get().chatsTrashed?.id === id) set({ chatsTrashed: null })
    }
    return {
      chatsTrash: [],
      chatsTrashOpen: false,
      chatsQuery: '',
      chatsHits: [],
      chatsNotice: null,
      chatsTrashed: null,
      switcherOpen: false,
      switcherChats: [],
      switcherChatsTotal: 0,
      async renameChat(id, title) {
        try {
          await api.call('chats.rename', { id, title })
          await refreshLists(get())
          return { ok: true, value: undefined }
        } catch (error) {
          return { ok: false, message: errorMessage(error) }
        }
      },
      pinChat: (id, pinned) => attempt(() => api.call('chats.pin', { id, pinned })),
      trashChat: (id) =>
        attempt(async () => {
          const wasOpen = get().chatSessionId === id
          const trashed = await api.call('chats.delete', { id })
          set({ chatsTrashed: { id: trashed.id, title: trashed.title || 'Untitled', wasOpen } })
          await leaveIfOpen(get, id)
        }),
      async undoTrashChat() {
        const trashed = get().chatsTrashed
        if (trashed === null) return
        set({ chatsTrashed: null })
        await attempt(async () => {
          await api.call('chats.restore', { id: trashed.id })
          await refreshLists(get())
          if (trashed.wasOpen) await get().openChatSession(trashed.id)
        })
      },
      dismissTrashedChat: () => set({ chatsTrashed: null }),
      restoreChat: (id) =>
        attempt(async () => {
          await api.call('chats.restore', { id })
          forgetTrashed(id)
        }),
      purgeChat: (id) =>
        attempt(async () => {
          await api.call('chats.purge', { id })
          forgetTrashed(id)
        }),
      async showChatsTrash(open) {
        set({ chatsTrashOpen: open })
        if (open) await attempt(async () => set({ chatsTrash: await api.call('chats.trash', {}) }))
      },
      exportChat: (id, format) =>
        attempt(async () => downloadText(await api.call('chats.export', { id, format }))),
      async searchAllChats(query) {
        set({ chatsQuery: query })
        if (query.trim() === '') return set({ chatsHits: [] })
        await attempt(async () => {
          const { hits } = await api.call('chats.search', { query })
          if (get().chatsQuery === query) set({ chatsHits: hits })
        })
      },
      async openChatHit({ agentId, sessionId, messageId }, focus = 'always') {
        set({ chatsQuery: '', chatsHits: [], switcherOpen: false })
        // A title match names no message: the chat opens at its end.
        await get().showChatMessage({ agentId, sessionId, messageId })
        get().focusChatComposer(focus)
      },
      async openSwitcher() {
        set({ switcherOpen: true })
        await attempt(async () => {
          const page = await api.call('sessions.list', { limit: SWITCHER_RECENT })
          set({ switcherChats: page.items, switcherChatsTotal: page.total })
        })
      },
      closeSwitcher: () => set({ switcherOpen: false }),
      async receiveChatsChanged(change) {
        if (change.change === 'restored' || change.change === 'purged') forgetTrashed(change.sessionId)
        await refreshLists(get())
        if (change.change === 'purged' || change.change === 'trashed')
          await leaveIfOpen(get, change.sessionId)
      }
    }
  }
}

/** Every list that shows chats, read again after a change. */
async function refreshLists(state: AppState): Promise<void> {
  await Promise.all([
    state.loadChatSessions(),
    state.chatsTrashOpen ? state.showChatsTrash(true) : Promise.resolve(),
    state.chatsQuery.trim() !== '' ? state.searchAllChats(state.chatsQuery) : Promise.resolve(),
    state.chatSessionId !== null ? state.refreshChatDetail() : Promise.resolve()
  ])
}

/** A chat that left the lists while open gives way to the newest remaining chat, or to a new one. */
async function leaveIfOpen(get: () => AppState, id: string): Promise<void> {
  if (get().chatSessionId !== id) return
  await get().loadChatSessions()
  const next = get().chatSessions.find((session) => session.id !== id)
  if (next) await get().openChatSession(next.id)
  else get().startNewChat()
}
