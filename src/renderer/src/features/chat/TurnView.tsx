import { useEffect, useRef, type ReactNode } from 'react'
import type { TurnView as TurnUsage } from '../../../../shared/contract'
import { Markdown } from './Markdown'
import { ToolCallCard } from './ToolCallCard'
import { TurnFooter } from './TurnFooter'
import type { TurnGroup } from './turnGroups'

const STATUS_TEXT: Readonly<Record<string, string>> = {
  partial: 'stopped — partial reply kept',
  interrupted: 'interrupted — the app stopped while this was streaming',
  error: 'failed midway — the part that arrived is kept',
  streaming: 'streaming…'
}

/** `live`: this turn is streaming in this window; the stream view draws its reply and usage. */
type TurnViewProps = Readonly<{ sessionId: string; group: TurnGroup; usage: TurnUsage | undefined; focused: boolean; live: boolean }>

/** One stored turn: the user's message, tool cards, the reply (markdown) and its usage footer. */
export function StoredTurn({ sessionId, group, usage, focused, live }: TurnViewProps): ReactNode {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' })
  }, [focused])
  return (
    <div ref={ref} className={`chat-turn${focused ? ' chat-turn--focused' : ''}${group.compressed ? ' chat-turn--compressed' : ''}`} data-testid="chat-turn">
      {group.checkpoint !== null && (
        <details className="chat-checkpoint" data-testid="chat-checkpoint">
          <summary>Checkpoint — earlier turns were summarised to stay within the context window</summary>
          <Markdown text={group.checkpoint} />
        </details>
      )}
      {group.userText !== null && (
        <div className="chat-bubble chat-bubble--user" data-testid="chat-user-message">
          {group.userText}
        </div>
      )}
      {group.tools.map((tool) => (
        <ToolCallCard key={tool.id} name={tool.name} input={tool.input} ok={tool.ok} result={tool.result} />
      ))}
      {group.replies
        .filter((reply) => !(live && reply.status === 'streaming') && (reply.text.length > 0 || reply.status !== 'complete'))
        .map((reply) => (
          <div key={reply.id} className={`chat-bubble chat-bubble--assistant chat-bubble--${reply.status}`} data-testid="chat-assistant-message" data-status={reply.status}>
            <Markdown text={reply.text} />
            {reply.status !== 'complete' && <div className="chat-bubble__status">{STATUS_TEXT[reply.status] ?? reply.status}</div>}
          </div>
        ))}
      {usage && !live && <TurnFooter sessionId={sessionId} turn={usage} />}
    </div>
  )
}
