import type { ReactNode } from 'react'
import { Markdown } from './Markdown'
import { ToolCallCard } from './ToolCallCard'
import type { StreamView } from './chatTurnSlice'

/** The reply arriving right now, drawn from chat.* events until the stored turn replaces it. */
export function StreamingTurn({ stream, showUser }: Readonly<{ stream: StreamView; showUser: boolean }>): ReactNode {
  return (
    <div className="chat-turn chat-turn--streaming" data-testid="chat-streaming">
      {showUser && stream.userText !== '' && (
        <div className="chat-bubble chat-bubble--user" data-testid="chat-user-message">
          {stream.userText}
        </div>
      )}
      {stream.tools.map((tool) => (
        <ToolCallCard key={tool.toolUseId} name={tool.displayName} input={tool.input} ok={tool.ok} result={tool.result} />
      ))}
      <div className="chat-bubble chat-bubble--assistant" data-testid="chat-streaming-text">
        {stream.text === '' ? <span className="muted">…</span> : <Markdown text={stream.text} />}
      </div>
    </div>
  )
}
