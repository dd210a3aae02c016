import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { selectOpenSessionEnded } from './chatEndSlice'
import { selectChatSessions } from './chatSessionsSlice'
import { baseName } from './projectRules'

/** A search hit's snippet marks matches with [brackets]; shown as <mark> without any HTML injection. */
function Snippet({ text }: Readonly<{ text: string }>): ReactNode {
  const parts = text.split(/(\[[^\]]*\])/g)
  return (
    <>
      {parts.map((part, i) =>
        part.startsWith('[') && part.endsWith(']') ? (
          <mark key={i}>{part.slice(1, -1)}</mark>
        ) : (
          <span key={i}>{part}</span>
        )
      )}
    </>
  )
}

/** Sessions of the selected agent, newest first, with full-text search over every transcript. */
export function SessionList(): ReactNode {
  const sessions = useAppStore(selectChatSessions)
  const openId = useAppStore((state) => state.chatSessionId)
  const open = useAppStore((state) => state.openChatSession)
  const startNew = useAppStore((state) => state.startNewChat)
  const ended = useAppStore(selectOpenSessionEnded)
  const query = useAppStore((state) => state.chatSearchQuery)
  const hits = useAppStore((state) => state.chatSearchHits)
  const search = useAppStore((state) => state.searchChats)
  return (
    <aside className="chat-sessions" aria-label="Sessions">
      {/* An ended session offers New chat where the composer was; one such button at a time. */}
      {!ended && (
        <Button variant="primary" onClick={startNew} data-testid="chat-new">
          New chat
        </Button>
      )}
      <input
        className="chat-sessions__search"
        type="search"
        placeholder="Search all chats…"
        aria-label="Search chats"
        value={query}
        onChange={(event) => void search(event.target.value)}
        data-testid="chat-search"
      />
      {query.trim() !== '' ? (
        <ul className="chat-sessions__list">
          {hits.length === 0 && <li className="muted">No matches.</li>}
          {hits.map((hit) => (
            <li key={hit.messageId}>
              <button
                type="button"
                className="chat-sessions__item chat-sessions__hit"
                onClick={() => void open(hit.sessionId, hit.messageId)}
                data-testid="chat-search-hit"
              >
                <span className="chat-sessions__role">{hit.role}</span> <Snippet text={hit.snippet} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="chat-sessions__list">
          {sessions.length === 0 && <li className="muted">No sessions yet.</li>}
          {sessions.map((session) => (
            <li key={session.id}>
              <button
                type="button"
                className="chat-sessions__item"
                aria-current={session.id === openId}
                onClick={() => void open(session.id)}
                data-testid="chat-session-item"
              >
                <span className="chat-sessions__title">{session.title || 'Untitled'}</span>
                <span className="chat-sessions__meta">
                  {new Date(session.updatedAtMs).toLocaleString()} · {session.model}
                  {session.cwd !== null && <span title={session.cwd}> · in {baseName(session.cwd)}</span>}
                  {session.endedAtMs !== null && <span> · ended</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </aside>
  )
}
