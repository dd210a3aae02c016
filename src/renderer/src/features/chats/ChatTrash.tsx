import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'

/** The chats in the trash, with Restore and Delete forever (the only way a chat is really lost). */
export function ChatTrash(): ReactNode {
  const trash = useAppStore((state) => state.chatsTrash)
  const agents = useAppStore((state) => state.agentsById)
  const restore = useAppStore((state) => state.restoreChat)
  const purge = useAppStore((state) => state.purgeChat)
  return (
    <>
      <h2 className="chat-trash__heading">Trash</h2>
      <ul className="chat-sessions__list" aria-label="Trash">
        {trash.length === 0 && <li className="muted">The trash is empty.</li>}
        {trash.map((session) => {
          const title = session.title || 'Untitled'
          return (
            <li key={session.id} className="chat-trash__row" data-testid="chat-trash-item">
              <span className="chat-sessions__title">{title}</span>
              <span className="chat-sessions__meta">
                {agents[session.agentId]?.name ?? session.agentId} · deleted{' '}
                {new Date(session.deletedAtMs ?? 0).toLocaleString()}
              </span>
              <span className="chat-trash__actions">
                <Button size="small" aria-label={`Restore ${title}`} onClick={() => void restore(session.id)}>
                  Restore
                </Button>
                <PurgeButton title={title} onConfirm={() => void purge(session.id)} />
              </span>
            </li>
          )
        })}
      </ul>
    </>
  )
}

/** Delete forever asks once more in place: the second click is the one that deletes. */
function PurgeButton({ title, onConfirm }: Readonly<{ title: string; onConfirm: () => void }>): ReactNode {
  const [asking, setAsking] = useState(false)
  return asking ? (
    <Button size="small" variant="danger" aria-label={`Really delete ${title} forever`} onClick={onConfirm}>
      Really delete?
    </Button>
  ) : (
    <Button
      size="small"
      variant="danger"
      aria-label={`Delete ${title} forever`}
      onClick={() => setAsking(true)}
    >
      Delete forever
    </Button>
  )
}
