import { useMemo, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { TimedNotice, type TimedNoticeContent } from '../../ui/TimedNotice'

/** "Moved to Trash" after a chat is deleted, with Undo: deleting is never a surprise, nor final. */
export function TrashedChatNotice(): ReactNode {
  const trashed = useAppStore((state) => state.chatsTrashed)
  const undo = useAppStore((state) => state.undoTrashChat)
  const dismiss = useAppStore((state) => state.dismissTrashedChat)
  // One notice object per trashed chat: a new object would restart the timer and move focus again.
  const notice = useMemo<TimedNoticeContent | null>(
    () =>
      trashed === null
        ? null
        : {
            message: `“${trashed.title}” moved to Trash.`,
            action: { label: 'Undo', run: () => void undo() }
          },
    [trashed, undo]
  )
  return <TimedNotice notice={notice} onDismiss={dismiss} focusAction data-testid="chat-trashed-notice" />
}
