import { useCallback, type ReactNode } from 'react'
import type { SessionSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { MoreOnScroll } from '../../ui/MoreOnScroll'
import { VirtualRows, type VirtualRowProps } from '../../ui/VirtualRows'
import { ChatListItem } from '../chats/ChatListItem'
import { ChatSearchResults } from '../chats/ChatSearchResults'
import { ChatTrash } from '../chats/ChatTrash'
import { selectOpenSessionEnded } from './chatEndSlice'
import { selectChatSessions } from './chatSessionsSlice'

/** A chat row before it is measured: its title line and its date line. */
const ESTIMATED_CHAT_PX = 75

/**
 * The agent's chats as loaded so far: only the rows near the view are drawn, and the next page
 * is asked for as the end comes near, with a line saying how many of how many are shown.
 */
function ChatRows(): ReactNode {
  const sessions = useAppStore(selectChatSessions)
  const more = useAppStore((state) => state.chatSessionsNext !== null)
  const total = useAppStore((state) => state.chatSessionsTotal)
  const loadMore = useAppStore((state) => state.loadMoreChatSessions)
  const rowKey = useCallback((index: number) => sessions[index]?.id ?? index, [sessions])
  const reach = useCallback(() => void loadMore(), [loadMore])
  // Kept while the sessions are: a scroll step then draws only the rows it brings in.
  const renderRow = useCallback(
    (index: number, rowProps: VirtualRowProps) => {
      const session = sessions[index] as SessionSummary
      return <ChatListItem key={session.id} session={session} rowProps={rowProps} />
    },
    [sessions]
  )
  if (sessions.length === 0)
    return (
      <ul className="chat-sessions__list" aria-label="Chats">
        <li className="muted">No chats yet.</li>
      </ul>
    )
  return (
    <div className="chat-sessions__scroll" data-testid="chat-list-scroll">
      <VirtualRows
        count={sessions.length}
        estimate={ESTIMATED_CHAT_PX}
        rowKey={rowKey}
        className="chat-sessions__list chat-sessions__list--paged"
        label="Chats"
        onReachEnd={more ? reach : undefined}
        renderRow={renderRow}
        footer={
          <MoreOnScroll more={more} shown={sessions.length} total={total} noun="chats" onReach={reach} />
        }
      />
    </div>
  )
}

/**
 * The selected agent's chats, pinned first then newest, with a search over every agent's chats
 * and the trash below.
 */
export function SessionList(): ReactNode {
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
      {query.trim() !== '' ? <ChatSearchResults /> : trashOpen ? <ChatTrash /> : <ChatRows />}
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
