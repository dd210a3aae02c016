import { Fragment, type ReactNode } from 'react'
import type {
  MessageId,
  SessionId,
  TurnView as TurnUsage,
  VersionGroupView
} from '../../../../shared/contract'
import { MemoryReceiptCard, PendingWriteNote, RecalledChip, UnsavedClaimFlag } from '../memory'
import { Markdown } from './markdown/LazyMarkdown'
import { FailedTurnNotice } from './FailedTurnNotice'
import { ReplyActions } from './ReplyActions'
import { replyStatusText } from './replyStatus'
import { ToolCallCard } from './ToolCallCard'
import { TurnFooter } from './TurnFooter'
import type { TurnGroup } from './turnGroups'
import { replyText, type TurnMemory } from './turnMemory'
import { UserMessage } from './UserMessage'

/** `live`: this turn is streaming in this window; the stream view draws its reply and usage. */
type TurnViewProps = Readonly<{
  sessionId: SessionId
  group: TurnGroup
  usage: TurnUsage | undefined
  memory: TurnMemory | undefined
  /** The message to highlight (a search hit or a review candidate's source); the transcript scrolls to it. */
  focusMessageId: MessageId | null
  live: boolean
  /** The versions at this turn's position, if there are several. */
  versions: VersionGroupView | undefined
  /** The conversation's last turn (its reply can be regenerated). */
  isLast: boolean
  /** Summarised into the checkpoint in context (no edit, no regenerate). */
  locked: boolean
  /** Why this turn failed, when it is the failed last turn that Retry can run again. */
  failure?: string | null | undefined
}>

function bubbleClass(base: string, focused: boolean): string {
  return focused ? `${base} chat-bubble--focused` : base
}

/**
 * One stored turn: the user's message and what it recalled, tool cards and the memory receipts
 * of the turn, the reply (markdown) with a flag when it claims a save that did not happen, and
 * its usage footer.
 */
export function StoredTurn({
  sessionId,
  group,
  usage,
  memory,
  focusMessageId,
  live,
  versions,
  isLast,
  locked,
  failure
}: TurnViewProps): ReactNode {
  const focused =
    focusMessageId !== null &&
    (group.userMessageId === focusMessageId || group.replies.some((reply) => reply.id === focusMessageId))
  const receipts = memory?.receipts ?? []
  const replies = group.replies.flatMap((reply, index) =>
    !(live && reply.status === 'streaming') && (reply.text.length > 0 || reply.status !== 'complete')
      ? [{ ...reply, statusText: replyStatusText(group, index) }]
      : []
  )
  return (
    <div
      className={`chat-turn${focused ? ' chat-turn--focused' : ''}${group.compressed ? ' chat-turn--compressed' : ''}`}
      data-testid="chat-turn"
    >
      {group.checkpoint !== null && (
        <details className="chat-checkpoint" data-testid="chat-checkpoint">
          <summary>Checkpoint — earlier turns were summarised to stay within the context window</summary>
          <Markdown text={group.checkpoint} />
        </details>
      )}
      {group.userText !== null && (
        <UserMessage
          turnId={group.turnId}
          messageId={group.userMessageId}
          text={group.userText}
          attachments={group.userAttachments}
          focused={group.userMessageId === focusMessageId}
          versions={versions?.messageEdited ? versions : undefined}
          locked={locked}
        />
      )}
      {group.userMessageId !== null && <RecalledChip turnId={group.turnId} />}
      {group.tools.map((tool) => (
        <Fragment key={tool.id}>
          <ToolCallCard
            name={tool.name}
            input={tool.input}
            ok={tool.ok}
            result={tool.result}
            images={tool.images}
          />
          <PendingWriteNote toolName={tool.name} result={tool.result} />
        </Fragment>
      ))}
      {receipts.map((receipt) => (
        <MemoryReceiptCard key={receipt.id} receipt={receipt} />
      ))}
      {replies.map((reply) => (
        <div
          key={reply.id}
          className={bubbleClass(
            `chat-bubble chat-bubble--assistant chat-bubble--${reply.status}`,
            reply.id === focusMessageId
          )}
          data-testid="chat-assistant-message"
          data-status={reply.status}
          data-message-id={reply.id}
          data-focused={reply.id === focusMessageId || undefined}
        >
          <Markdown text={reply.text} />
          {reply.statusText !== null && (
            <div className="chat-bubble__status" data-testid="chat-reply-status">
              {reply.statusText}
            </div>
          )}
        </div>
      ))}
      {!live && failure !== undefined && <FailedTurnNotice message={failure} />}
      {!live && group.userText !== null && (
        <ReplyActions
          sessionId={sessionId}
          turnId={group.turnId}
          replyText={replyText(group)}
          userText={group.userText}
          versions={versions && !versions.messageEdited ? versions : undefined}
          canRegenerate={isLast && !locked && failure === undefined}
        />
      )}
      {!live && <UnsavedClaimFlag replyText={replyText(group)} memoryWritesThisTurn={receipts.length} />}
      {usage && !live && <TurnFooter sessionId={sessionId} turn={usage} />}
    </div>
  )
}
