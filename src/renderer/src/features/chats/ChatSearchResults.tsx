import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Snippet } from './Snippet'

/** Chats of every agent matching the search box: title, agent, date and the match in context. */
export function ChatSearchResults(): ReactNode {
  const hits = useAppStore((state) => state.chatsHits)
  const openHit = useAppStore((state) => state.openChatHit)
  return (
    <ul className="chat-sessions__list" aria-label="Search results">
      {hits.length === 0 && <li className="muted">No chats match.</li>}
      {hits.map((hit) => (
        <li key={hit.sessionId}>
          <button
            type="button"
            className="chat-sessions__item"
            onClick={() => void openHit(hit)}
            data-testid="chat-search-hit"
          >
            <span className="chat-sessions__title">{hit.title || 'Untitled'}</span>
            <span className="chat-sessions__meta">
              {hit.agentName} · {new Date(hit.atMs).toLocaleDateString()}
            </span>
            <span className="chat-sessions__snippet">
              <Snippet parts={hit.snippet} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
