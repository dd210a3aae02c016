import { memo, useState, type ReactNode } from 'react'
import type { SessionSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Menu } from '../../ui/Menu'
import type { VirtualRowProps } from '../../ui/VirtualRows'
import { baseName } from '../chat/projectRules'
import { RenameChatForm } from './RenameChatForm'
import './chats.css'

/**
 * One chat in the list: open it, or pin, rename or delete it from its "More actions" menu.
 * Memoised: a page of older chats appended to the list leaves the rows already drawn as they are.
 */
export const ChatListItem = memo(function ChatListItem({
  session,
  rowProps
}: Readonly<{
  session: SessionSummary
  /** In a long list drawn near the view: the row's index and the ref that measures it. */
  rowProps?: VirtualRowProps
}>): ReactNode {
  const openId = useAppStore((state) => state.chatSessionId)
  const open = useAppStore((state) => state.openChatSession)
  const pin = useAppStore((state) => state.pinChat)
  const trash = useAppStore((state) => state.trashChat)
  const focusComposer = useAppStore((state) => state.focusChatComposer)
  const answering = useAppStore((state) =>
    Object.values(state.chatStreams).some((stream) => stream.sessionId === session.id)
  )
  const [renaming, setRenaming] = useState(false)
  const title = session.title || 'Untitled'
  const pinned = session.pinnedAtMs !== null
  if (renaming)
    return (
      <li className="chat-sessions__row" {...rowProps}>
        <RenameChatForm id={session.id} title={session.title} onDone={() => setRenaming(false)} />
      </li>
    )
  return (
    <li className="chat-sessions__row" {...rowProps}>
      <button
        type="button"
        className="chat-sessions__item"
        aria-current={session.id === openId}
        onClick={() => void open(session.id).then(() => focusComposer('always'))}
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
      <Menu
        label={`More actions for ${title}`}
        trigger={<span aria-hidden="true">⋯</span>}
        triggerClassName="menu__trigger chat-sessions__more"
        items={[
          { label: pinned ? 'Unpin' : 'Pin to the top', onSelect: () => void pin(session.id, !pinned) },
          { label: 'Rename', onSelect: () => setRenaming(true) },
          {
            label: 'Move to Trash',
            danger: true,
            onSelect: () => void trash(session.id),
            ...(answering
              ? { disabledReason: 'Press Stop (or wait for the reply) before deleting this chat' }
              : {})
          }
        ]}
      />
    </li>
  )
})
