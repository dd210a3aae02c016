import type { ReactNode } from 'react'
import type { MessageId, TurnId, VersionGroupView } from '../../../../shared/contract'
import { MessageAttachments, type AttachmentRef } from '../attachments'
import { useAppStore } from '../../store/useAppStore'
import { CopyMessageButton } from './CopyMessageButton'
import { EditMessage } from './EditMessage'
import { VersionSwitcher } from './VersionSwitcher'

type UserMessageProps = Readonly<{
  turnId: TurnId
  messageId: MessageId | null
  text: string
  attachments: readonly AttachmentRef[]
  focused: boolean
  /** Versions at this position that differ in this message (edits). */
  versions: VersionGroupView | undefined
  /** Summarised into the checkpoint: no editing. */
  locked: boolean
}>

/** The user's message with Copy and Edit (resend as a fork); editing replaces it with an edit box. */
export function UserMessage({
  turnId,
  messageId,
  text,
  attachments,
  focused,
  versions,
  locked
}: UserMessageProps): ReactNode {
  const editing = useAppStore((state) => state.chatEditingTurnId === turnId)
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const startEdit = useAppStore((state) => state.startEditChat)
  if (editing) return <EditMessage turnId={turnId} initialText={text} />
  return (
    <div className="chat-message chat-message--user">
      <MessageAttachments files={attachments} />
      <div
        className={`chat-bubble chat-bubble--user${focused ? ' chat-bubble--focused' : ''}`}
        data-testid="chat-user-message"
        data-message-id={messageId ?? undefined}
        data-focused={focused || undefined}
      >
        {text}
      </div>
      <div className="message-actions" data-testid="user-message-actions">
        {versions && <VersionSwitcher group={versions} disabled={busy} />}
        <CopyMessageButton text={text} />
        {!locked && (
          <button
            type="button"
            className="message-action"
            disabled={busy}
            title="Change this message and resend it; the conversation forks here"
            onClick={() => void startEdit(turnId)}
            data-testid="message-edit"
          >
            Edit
          </button>
        )}
      </div>
    </div>
  )
}
