import { useEffect, useMemo, useState, type ReactNode } from 'react'
import type { AgentId, SessionSummary } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import './chats.css'

/** Chats whose title or agent name contains every typed word, pinned and recent first (as listed). */
function filterChats(
  chats: readonly SessionSummary[],
  names: (agentId: AgentId) => string,
  query: string
): SessionSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  const pinnedFirst = [...chats].sort((a, b) => Number(b.pinnedAtMs !== null) - Number(a.pinnedAtMs !== null))
  return pinnedFirst
    .filter((chat) => {
      const text = `${chat.title} ${names(chat.agentId)}`.toLowerCase()
      return words.every((word) => text.includes(word))
    })
    .slice(0, 50)
}

/** Ctrl/Cmd+K anywhere: jump to any chat of any agent by typing part of its title or agent. */
export function QuickSwitcher(): ReactNode {
  const open = useAppStore((state) => state.switcherOpen)
  const openSwitcher = useAppStore((state) => state.openSwitcher)
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return
      event.preventDefault()
      void openSwitcher()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [openSwitcher])
  return open ? <SwitcherDialog /> : null
}

function SwitcherDialog(): ReactNode {
  const chats = useAppStore((state) => state.switcherChats)
  const agents = useAppStore((state) => state.agentsById)
  const close = useAppStore((state) => state.closeSwitcher)
  const openHit = useAppStore((state) => state.openChatHit)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const names = (agentId: AgentId): string => agents[agentId]?.name ?? agentId
  const shown = useMemo(() => filterChats(chats, names, query), [chats, agents, query])
  const choose = (chat: SessionSummary | undefined): void => {
    // Focus goes back where it was (the dialog gives it back); to the message box if that view left.
    if (chat) void openHit({ agentId: chat.agentId, sessionId: chat.id, messageId: null }, 'if-lost')
  }
  const onKey = (event: React.KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.max(0, Math.min(shown.length - 1, index + step)))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      choose(shown[active])
    }
  }
  return (
    <Dialog
      title="Go to a chat"
      onClose={close}
      data-testid="quick-switcher"
      actions={
        <Button size="small" variant="ghost" onClick={close} title="Close (Esc)">
          Close
        </Button>
      }
    >
      <input
        type="search"
        className="switcher__input"
        aria-label="Search chats by title or agent"
        aria-controls="switcher-list"
        aria-activedescendant={shown[active] ? `switcher-${shown[active].id}` : undefined}
        placeholder="Type a chat title or an agent…"
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKey}
      />
      <ul id="switcher-list" className="switcher__list" role="listbox" aria-label="Chats">
        {shown.length === 0 && <li className="muted">No chat matches.</li>}
        {shown.map((chat, index) => (
          <li
            key={chat.id}
            id={`switcher-${chat.id}`}
            role="option"
            aria-selected={index === active}
            className="switcher__option"
            onMouseEnter={() => setActive(index)}
            onClick={() => choose(chat)}
          >
            <span className="switcher__title">
              {chat.pinnedAtMs !== null && <span className="chat-badge">Pinned</span>}
              {chat.title || 'Untitled'}
            </span>
            <span className="switcher__meta">
              {names(chat.agentId)} · {new Date(chat.updatedAtMs).toLocaleDateString()}
            </span>
          </li>
        ))}
      </ul>
    </Dialog>
  )
}
