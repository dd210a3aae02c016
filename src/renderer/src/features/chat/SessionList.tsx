import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { ChatListItem } from '../chats/ChatListItem'
import { ChatSearchResults } from '../chats/ChatSearchResults'
import { ChatTrash } from '../chats/ChatTrash'
import { selectOpenSessionEnded } from './chatEndSlice'
import { selectChatSessions } from './chatSessionsSlice'

/**
 * The selected agent's chats, pinned first then newest, with a search over every agent's chats
 * and the trash below.
 */
export function SessionList(): ReactNode {
  const sessions = useAppStore(selectChatSessions)
  const startNewChat = useAppStore((state) => state.startNewChat)
  const startNewChatWithDraft = useAppStore((state) => state.startNewChatWithDraft)
  const focusComposer = useAppStore((state) => state.focusChatComposer)
  const ended = useAppStore(selectOpenSessionEnded)
  const startNew = (): void => {
    // An ended chat takes no messages, so a draft left in it comes along; a live chat keeps its own.
    if (ended) startNewChatWithDraft()
    else startNewChat()
    focusComposer('always')
  }
  const query = useAppStore((state) => state.chatsQuery)
  const search = useAppStore((state) => state.searchAllChats)
  const trashOpen = useAppStore((state) => state.chatsTrashOpen)
  const showTrash = useAppStore((state) => state.showChatsTrash)
  const notice = useAppStore((state) => state.chatsNotice)
  return (
    <aside className="chat-sessions" aria-label="Sessions">
      {/* Always here: the one control named New chat, whether the open chat is live or has ended. */}
      <Button variant="primary" onClick={startNew} data-testid="chat-new">
        New chat
      </Button>
      <input
        className="chat-sessions__search"
        type="search"
        placeholder="Search all chats…"
        aria-label="Search chats"
        value={query}
        onChange={(event) => void search(event.target.value)}
        data-testid="chat-search"
      />
      {notice !== null && (
        <p className="chat-error-text chat-sessions__notice" role="alert">
          {notice}
        </p>
      )}
      {query.trim() !== '' ? (
        <ChatSearchResults />
      ) : trashOpen ? (
        <ChatTrash />
      ) : (
        <ul className="chat-sessions__list">
          {sessions.length === 0 && <li className="muted">No chats yet.</li>}
          {sessions.map((session) => (
            <ChatListItem key={session.id} session={session} />
          ))}
        </ul>
      )}
      {query.trim() === '' && (
        <Button
          size="small"
          variant="ghost"
          className="chat-sessions__trash-toggle"
          aria-pressed={trashOpen}
          onClick={() => void showTrash(!trashOpen)}
        >
          {trashOpen ? 'Back to chats' : 'Trash'}
        </Button>
      )}
    </aside>
  )
}
