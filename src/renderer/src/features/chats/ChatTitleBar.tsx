import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { RenameChatForm } from './RenameChatForm'

/** The open chat's name and what can be done with it: rename, pin, export, delete. */
export function ChatTitleBar(): ReactNode {
  const detail = useAppStore((state) => state.chatDetail)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const pin = useAppStore((state) => state.pinChat)
  const exportChat = useAppStore((state) => state.exportChat)
  const trash = useAppStore((state) => state.trashChat)
  const [renaming, setRenaming] = useState(false)
  if (detail === null) return null
  const pinned = detail.pinnedAtMs !== null
  if (renaming)
    return (
      <div className="chat-title-bar">
        <RenameChatForm id={detail.id} title={detail.title} onDone={() => setRenaming(false)} />
      </div>
    )
  return (
    <div className="chat-title-bar" data-testid="chat-title-bar">
      <h2 className="chat-title-bar__title" title={detail.title}>
        {detail.title || 'Untitled'}
      </h2>
      <span className="chat-title-bar__actions" role="group" aria-label="Chat actions">
        <Button size="small" variant="ghost" onClick={() => setRenaming(true)}>
          Rename
        </Button>
        <Button size="small" variant="ghost" onClick={() => void pin(detail.id, !pinned)}>
          {pinned ? 'Unpin' : 'Pin'}
        </Button>
        <Button size="small" variant="ghost" onClick={() => void exportChat(detail.id, 'md')}>
          Export Markdown
        </Button>
        <Button size="small" variant="ghost" onClick={() => void exportChat(detail.id, 'json')}>
          Export JSON
        </Button>
        <Button
          size="small"
          variant="ghost"
          disabled={busy}
          title={busy ? 'Press Stop (or wait for the reply) before deleting this chat' : 'Move to the trash'}
          onClick={() => void trash(detail.id)}
        >
          Delete
        </Button>
      </span>
    </div>
  )
}
