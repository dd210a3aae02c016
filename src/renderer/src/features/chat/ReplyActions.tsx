import type { ReactNode } from 'react'
import type { SessionId, TurnId, VersionGroupView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { CopyMessageButton } from './CopyMessageButton'
import { PostTurnButton } from './PostTurnButton'
import { VersionSwitcher } from './VersionSwitcher'

type ReplyActionsProps = Readonly<{
  sessionId: SessionId
  turnId: TurnId
  replyText: string
  userText: string
  /** Versions at this position that differ only in the reply (regenerated). */
  versions: VersionGroupView | undefined
  /** Only the conversation's last reply can be regenerated. */
  canRegenerate: boolean
}>

/** Under a turn's reply: its versions, Copy (markdown), on the last turn Regenerate, and Post to the Nexus. */
export function ReplyActions({
  sessionId,
  turnId,
  replyText,
  userText,
  versions,
  canRegenerate
}: ReplyActionsProps): ReactNode {
  const busy = useAppStore((state) => state.chatActiveTurnId !== null)
  const regenerate = useAppStore((state) => state.regenerateChat)
  return (
    <div className="message-actions message-actions--reply" data-testid="reply-actions">
      {versions && <VersionSwitcher group={versions} disabled={busy} />}
      {replyText !== '' && <CopyMessageButton text={replyText} />}
      {canRegenerate && (
        <button
          type="button"
          className="message-action"
          disabled={busy}
          title="Answer the last message again; this reply stays as a version"
          onClick={() => void regenerate(turnId, userText)}
          data-testid="message-regenerate"
        >
          Regenerate
        </button>
      )}
      <PostTurnButton key={turnId} sessionId={sessionId} turnId={turnId} />
    </div>
  )
}
