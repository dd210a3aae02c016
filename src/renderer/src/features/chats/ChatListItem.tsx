import { useState, type ReactNode } from 'react'
import type { SessionSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { baseName } from '../chat/projectRules'
import { RenameChatForm } from './RenameChatForm'
import './chats.css'

/** One chat in the list: open it, or pin, rename or delete it from its row. */
export function ChatListItem({ session }: Readonly<{ session: SessionSummary }>): ReactNode {
  const openId = useAppStore((state) => state.chatSessionId)
  const open = useAppStore((state) => state.openChatSession)
  const pin = useAppStore((state) => state.pinChat)
  const trash = useAppStore((state) => state.trashChat)
  const [renaming, setRenaming] = useState(false)
  const title = session.title || 'Untitled'
  const pinned = session.pinnedAtMs !== null
  if (renaming)
    return (
      <li className="chat-sessions__row">
        <RenameChatForm id={session.id} title={session.title} onDone={() => setRenaming(false)} />
      </li>
    )
  return (
    <li className="chat-sessions__row">
      <button
        type="button"
        className="chat-sessions__item"
        aria-current={session.id === openId}
        onClick={() => void open(session.id)}
        data-testid="chat-session-item"
      >
        <span className="chat-sessions__title">
          {pinned && <span className="chat-badge">Pinned</span>}
          {title}
        </span>
        <span className="chat-sessions__meta">
          {new Date(session.updatedAtMs).toLocaleString()} · {session.model}
          {session.cwd !== null && <span title={session.cwd}> · in {baseName(session.cwd)}</span>}
          {session.endedAtMs !== null && <span> · ended</span>}
        </span>
      </button>
      <span className="chat-sessions__actions">
        <button
          type="button"
          className="chat-sessions__action"
          aria-label={`${pinned ? 'Unpin' : 'Pin'} ${title}`}
          title={pinned ? 'Unpin' : 'Pin to the top'}
          onClick={() => void pin(session.id, !pinned)}
        >
          {pinned ? 'Unpin' : 'Pin'}
        </button>
        <button
          type="button"
          className="chat-sessions__action"
          aria-label={`Rename ${title}`}
          title="Rename"
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className="chat-sessions__action chat-sessions__action--danger"
          aria-label={`Delete ${title}`}
          title="Move to the trash (restorable)"
          onClick={() => void trash(session.id)}
        >
          Delete
        </button>
      </span>
    </li>
  )
}
