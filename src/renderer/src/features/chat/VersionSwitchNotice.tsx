import { useMemo, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { TimedNotice, type TimedNoticeContent } from '../../ui/TimedNotice'

/** Says that opening a message switched the chat to the version holding it, with a way back. */
export function VersionSwitchNotice(): ReactNode {
  const notice = useAppStore((state) => state.chatVersionNotice)
  const back = useAppStore((state) => state.backFromVersionSwitch)
  const dismiss = useAppStore((state) => state.dismissVersionNotice)
  // One object per notice: a new one each render would restart its timer.
  const content = useMemo<TimedNoticeContent | null>(
    () =>
      notice === null
        ? null
        : {
            message: notice.message,
            ...(notice.backToMessageId !== null
              ? { action: { label: 'Back to where you were', run: () => void back() } }
              : {})
          },
    [notice, back]
  )
  return (
    <TimedNotice notice={content} onDismiss={dismiss} timeoutMs={30_000} data-testid="chat-version-notice" />
  )
}
