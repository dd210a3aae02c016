import { useEffect, useId, type ReactNode } from 'react'
import type { InspectedCall } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectInspectedCalls, selectInspectedTarget } from './inspectorSlice'

/** "call #7" or "calls #7–#9": the calls a turn made. */
function callsText(calls: readonly InspectedCall[]): string | null {
  const first = calls[0]
  const last = calls.at(-1)
  if (first === undefined || last === undefined) return null
  return first === last ? `call #${first.callId}` : `calls #${first.callId}–#${last.callId}`
}

/** Whose calls these are: the agent, the chat's title, the turn and its calls. */
export function InspectorScope(): ReactNode {
  const detail = useAppStore((state) =>
    state.chatDetail !== null && state.chatDetail.id === state.chatSessionId ? state.chatDetail : null
  )
  const agentName = useAppStore((state) => {
    const id = detail?.agentId ?? state.selectedAgentId
    return id === null ? null : (state.agentsById[id]?.name ?? id)
  })
  const target = useAppStore(selectInspectedTarget)
  const calls = useAppStore(selectInspectedCalls)
  const turnIndex =
    detail === null || target === null ? -1 : detail.turns.findIndex((turn) => turn.turnId === target.turnId)
  const parts = [
    agentName,
    detail === null ? 'no chat open' : `“${detail.title}”`,
    turnIndex >= 0 ? `turn ${turnIndex + 1}` : null,
    callsText(calls)
  ]
  return (
    <span className="section__subtitle" data-testid="inspector-scope">
      {parts.filter((part) => part !== null).join(' · ')}
    </span>
  )
}

/** The value of the chat picker's last option, which reads the next page of chats. */
const OLDER = 'older-chats'

/**
 * The selected agent's chats, to inspect another one (the choice opens it in Chat too). The list
 * is the chat list's loaded pages: the open chat is listed even when it is not among them, and
 * the last option reads the next page, so no chat is out of reach and none is named wrongly.
 */
export function ChatPicker(): ReactNode {
  const sessions = useAppStore((state) => state.chatSessions)
  const total = useAppStore((state) => state.chatSessionsTotal)
  const more = useAppStore((state) => state.chatSessionsNext !== null)
  const openId = useAppStore((state) => state.chatSessionId)
  const openDetail = useAppStore((state) => (state.chatDetail?.id === openId ? state.chatDetail : null))
  const agentId = useAppStore((state) => state.selectedAgentId)
  const load = useAppStore((state) => state.loadChatSessions)
  const loadMore = useAppStore((state) => state.loadMoreChatSessions)
  const open = useAppStore((state) => state.openChatSession)
  const id = useId()
  // The chat list is kept by Chat (and emptied when the agent changes): read it only when it is
  // not there, so opening the Inspector does not queue a list read before the turn's calls.
  const empty = sessions.length === 0
  useEffect(() => {
    if (empty) void load()
  }, [load, agentId, empty])
  if (sessions.length === 0) return null
  const openListed = openId === null || sessions.some((session) => session.id === openId)
  return (
    <div className="inspector-chat">
      <label htmlFor={id}>Chat</label>
      <select
        id={id}
        className="input"
        value={openId ?? ''}
        onChange={(event) => {
          if (event.target.value === OLDER) void loadMore()
          else void open(event.target.value)
        }}
        data-testid="inspector-chat"
      >
        {openId === null && <option value="">Pick a chat…</option>}
        {!openListed && <option value={openId}>{openDetail?.title ?? 'The open chat'}</option>}
        {sessions.map((session) => (
          <option key={session.id} value={session.id}>
            {session.title}
          </option>
        ))}
        {more && (
          <option value={OLDER}>
            Show older chats ({(total - sessions.length).toLocaleString('en')} more)…
          </option>
        )}
      </select>
    </div>
  )
}
