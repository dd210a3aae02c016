import { useEffect, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { EmptyState } from '../../ui/EmptyState'
import { CallCard } from './CallCard'
import { ChatPicker, InspectorScope } from './InspectorScope'
import { selectInspectedCalls, selectInspectedTarget } from './inspectorSlice'
import { TurnPicker } from './TurnPicker'
import './inspector.css'

/** Inspector: for one turn of the open chat, every API call's exact request, where the cache markers sat, usage and miss reason. */
export function InspectorSection(): ReactNode {
  const calls = useAppStore(selectInspectedCalls)
  const error = useAppStore((state) => (selectInspectedTarget(state) === null ? null : state.inspectorError))
  const target = useAppStore(selectInspectedTarget)
  const chatId = useAppStore((state) =>
    state.chatDetail?.id === state.chatSessionId ? state.chatSessionId : null
  )
  const turnCount = useAppStore((state) => state.chatDetail?.turns.length ?? 0)
  const follow = useAppStore((state) => state.followOpenChat)
  useEffect(() => void follow(), [follow, chatId, turnCount])
  return (
    <div className="section inspector-section" data-testid="inspector-section">
      <header className="section__header">
        <h1 className="section__title">Inspector</h1>
        <InspectorScope />
      </header>
      <div className="inspector-pickers">
        <ChatPicker />
        <TurnPicker />
      </div>
      {error !== null && (
        <Banner tone="danger" title="This turn could not be inspected" data-testid="inspector-error">
          {error}
        </Banner>
      )}
      {target === null ? (
        <EmptyState
          title={chatId === null ? 'No chat open' : 'No calls in this chat yet'}
          data-testid="inspector-empty"
        >
          {chatId === null
            ? 'Pick one of this agent’s chats above, or open one in Chat; its calls show here.'
            : 'Send a message in this chat; each call it makes shows here with its exact request.'}
        </EmptyState>
      ) : (
        calls.map((call) => <CallCard key={call.callId} call={call} />)
      )}
    </div>
  )
}
