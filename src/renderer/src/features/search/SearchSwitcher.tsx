import { useEffect, useEffectEvent, useMemo, useState, type ReactNode } from 'react'
import type { AgentId } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { Snippet } from '../chats/Snippet'
import { flatEntries, switcherGroups, type SwitcherEntry } from './switcherEntries'
import '../chats/chats.css'
import './search.css'

/** How long typing pauses before a search runs. */
const TYPING_PAUSE_MS = 120

/** Ctrl/Cmd+K anywhere: find any chat (by title, agent or message text) and anything the agents know. */
export function SearchSwitcher(): ReactNode {
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

/** Runs the search once typing pauses; returns the groups to show for `query`. */
function useSwitcherResults(query: string): ReturnType<typeof switcherGroups> {
  const chats = useAppStore((state) => state.switcherChats)
  const total = useAppStore((state) => state.switcherChatsTotal)
  const found = useAppStore((state) => state.everything)
  const agents = useAppStore((state) => state.agentsById)
  const search = useAppStore((state) => state.searchEverything)
  useEffect(() => {
    const timer = setTimeout(() => void search(query), TYPING_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [query, search])
  return useMemo(() => {
    const name = (agentId: AgentId): string => agents[agentId]?.name ?? agentId
    return switcherGroups(query, { chats, total }, found, name)
  }, [query, chats, total, found, agents])
}

function SwitcherDialog(): ReactNode {
  const close = useAppStore((state) => state.closeSwitcher)
  const openChat = useAppStore((state) => state.openChatHit)
  const openKnowledge = useAppStore((state) => state.openKnowledgeHit)
  const notice = useAppStore((state) => state.everything?.notice ?? null)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  // Enter pressed before the typed query's results came: the first of them is opened when they do.
  const [enterPending, setEnterPending] = useState(false)
  const { groups, stale } = useSwitcherResults(query)
  const entries = useMemo(() => flatEntries(groups), [groups])
  const choose = (entry: SwitcherEntry | undefined): void => {
    if (!entry?.openable) return
    // Focus goes back where it was (the dialog gives it back); to the message box if that view left.
    if (entry.target.kind === 'chat') void openChat(entry.target.hit, 'if-lost')
    else void openKnowledge(entry.target.hit)
  }
  const chooseFirst = useEffectEvent(() => choose(entries[0]))
  useEffect(() => {
    if (!enterPending || stale) return
    setEnterPending(false)
    chooseFirst()
  }, [enterPending, stale])
  const onKey = (event: React.KeyboardEvent): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.max(0, Math.min(entries.length - 1, index + step)))
    } else if (event.key === 'Enter') {
      event.preventDefault()
      if (stale) setEnterPending(true)
      else choose(entries[active])
    }
  }
  const activeKey = stale ? undefined : entries[active]?.key
  return (
    <Dialog
      title="Find anything"
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
        className="input switcher__input"
        aria-label="Find chats and knowledge"
        aria-controls="switcher-list"
        aria-activedescendant={activeKey}
        placeholder="A chat, an agent, words from a message, a fact, a decision…"
        autoFocus
        value={query}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKey}
      />
      {notice !== null && query.trim() !== '' && <p className="switcher__notice">{notice}</p>}
      <div
        id="switcher-list"
        className="switcher__list"
        role="listbox"
        aria-label="Results"
        aria-busy={stale}
      >
        {groups.length === 0 && (
          <p className="muted switcher__empty">{stale ? 'Searching…' : 'Nothing matches.'}</p>
        )}
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label} className="switcher__group">
            <div className="switcher__heading" aria-hidden="true">
              {group.label}
            </div>
            {group.entries.map((entry) => (
              <EntryRow
                key={entry.key}
                entry={entry}
                selected={entry.key === activeKey}
                onPoint={() => setActive(entries.indexOf(entry))}
                onChoose={() => choose(entry)}
              />
            ))}
          </div>
        ))}
      </div>
    </Dialog>
  )
}

function EntryRow({
  entry,
  selected,
  onPoint,
  onChoose
}: Readonly<{
  entry: SwitcherEntry
  selected: boolean
  onPoint: () => void
  onChoose: () => void
}>): ReactNode {
  return (
    <div
      id={entry.key}
      role="option"
      aria-selected={selected}
      aria-disabled={!entry.openable || undefined}
      className="switcher__option"
      onMouseEnter={onPoint}
      onClick={onChoose}
    >
      <span className="switcher__line">
        <span className="switcher__title">
          {entry.badge !== null && <span className="chat-badge">{entry.badge}</span>}
          {entry.title}
        </span>
        <span className="switcher__meta">{entry.meta}</span>
      </span>
      {entry.snippet !== null && (
        <span className="chat-sessions__snippet">
          <Snippet parts={entry.snippet} />
        </span>
      )}
    </div>
  )
}
