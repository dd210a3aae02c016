import type { ReactNode } from 'react'
import type { MemoryReceipt } from '../../../../shared/contract'
import { MemoryReceiptCard, RecalledChip } from '../memory'
import { Markdown } from './markdown/LazyMarkdown'
import { ToolCallCard } from './ToolCallCard'
import type { StreamView } from './chatTurnSlice'

type StreamingTurnProps = Readonly<{
  stream: StreamView
  /** True while the turn's user message is not in the stored transcript yet (this view draws it). */
  showUser: boolean
  /** Memory writes of this turn that arrived before the turn was stored (shown only while `showUser`). */
  receipts: readonly MemoryReceipt[]
}>

/** The reply arriving right now, drawn from chat.* events until the stored turn replaces it. */
export function StreamingTurn({ stream, showUser, receipts }: StreamingTurnProps): ReactNode {
  return (
    <div className="chat-turn chat-turn--streaming" data-testid="chat-streaming">
      {showUser && stream.userText !== '' && (
        <div className="chat-bubble chat-bubble--user" data-testid="chat-user-message">
          {stream.userText}
        </div>
      )}
      {showUser && <RecalledChip turnId={stream.turnId} />}
      {stream.tools.map((tool) => (
        <ToolCallCard
          key={tool.toolUseId}
          name={tool.displayName}
          input={tool.input}
          ok={tool.ok}
          result={tool.result}
        />
      ))}
      {showUser && receipts.map((receipt) => <MemoryReceiptCard key={receipt.id} receipt={receipt} />)}
      <div className="chat-bubble chat-bubble--assistant" data-testid="chat-streaming-text">
        {stream.text === '' ? <span className="muted">…</span> : <Markdown text={stream.text} />}
      </div>
    </div>
  )
}
