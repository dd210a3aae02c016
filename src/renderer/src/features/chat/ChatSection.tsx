import { useEffect, useState, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { TrashedChatNotice } from '../chats/TrashedChatNotice'
import { CacheBreakDialog } from './CacheBreakDialog'
import { ChatHeader } from './ChatHeader'
import { selectOpenSessionEnded } from './chatEndSlice'
import { EndedPanel } from './EndedPanel'
import { Composer } from './Composer'
import { SessionBar } from './SessionBar'
import { SessionList } from './SessionList'
import { Transcript } from './Transcript'
import { VersionSwitchNotice } from './VersionSwitchNotice'
import './chat.css'

/** Chat: sessions with search on the left, the conversation with streaming replies on the right. */
export function ChatSection(): ReactNode {
  const load = useAppStore((state) => state.loadChatSessions)
  const agentId = useAppStore((state) => state.selectedAgentId)
  const agentName = useAppStore((state) =>
    state.selectedAgentId === null
      ? null
      : (state.agentsById[state.selectedAgentId]?.name ?? state.selectedAgentId)
  )
  const error = useAppStore((state) => state.chatError)
  const ended = useAppStore(selectOpenSessionEnded)
  const openSessionId = useAppStore((state) => state.chatSessionId)
  // In a narrow window the chat list folds away; opening a chat folds it again.
  const [listOpen, setListOpen] = useState(false)
  useEffect(() => {
    void load()
  }, [load, agentId])
  useEffect(() => setListOpen(false), [openSessionId])
  return (
    <div className="section chat-section" data-testid="chat-section">
      <header className="section__header">
        <h1 className="section__title">Chat</h1>
        <span className="section__subtitle">
          {agentName !== null ? `with ${agentName}` : 'Pick or create an agent first'}
        </span>
        <Button
          size="small"
          className="chat-list-toggle"
          aria-expanded={listOpen}
          onClick={() => setListOpen(!listOpen)}
        >
          {listOpen ? 'Back to the chat' : 'Chats'}
        </Button>
      </header>
      {error !== null && (
        <Banner tone="danger" title="Something went wrong" data-testid="chat-load-error">
          {error}
        </Banner>
      )}
      <div className={listOpen ? 'chat-columns chat-columns--list-open' : 'chat-columns'}>
        <SessionList />
        <div className="chat-main">
          <TrashedChatNotice />
          <VersionSwitchNotice />
          <ChatHeader />
          {/* Keyed by chat: a model typed for one chat is not left in the box of the next. */}
          <SessionBar key={openSessionId ?? 'new'} />
          <Transcript />
          {ended ? <EndedPanel /> : <Composer />}
        </div>
      </div>
      <CacheBreakDialog />
    </div>
  )
}
