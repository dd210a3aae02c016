import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Button } from './Button'
import './timedNotice.css'

export interface TimedNoticeContent {
  readonly message: string
  /** The one thing to do about it (Undo), if any. */
  readonly action?: { readonly label: string; readonly run: () => void }
}

type TimedNoticeProps = Readonly<{
  notice: TimedNoticeContent | null
  onDismiss: () => void
  /**
   * Move focus to the action as a notice appears (after a delete, whose button may be gone or
   * now point at something else); otherwise only when focus fell back to the page.
   */
  focusAction?: boolean
  /** How long a notice stays when nobody is pointing at it or focused in it. */
  timeoutMs?: number
  'data-testid'?: string
}>

/**
 * A short notice in the flow of the page with one action and a Dismiss button (it covers
 * nothing, unlike a floating toast). The live region is always there, so screen readers announce
 * each notice as it appears. A notice leaves by itself after a while, never while the pointer or
 * focus is on it.
 */
export function TimedNotice({
  notice,
  onDismiss,
  focusAction = false,
  timeoutMs = 10_000,
  'data-testid': testId
}: TimedNoticeProps): ReactNode {
  const actionRef = useRef<HTMLButtonElement>(null)
  const [held, setHeld] = useState(false)
  useEffect(() => {
    const active = document.activeElement
    if (notice !== null && (focusAction || active === null || active === document.body))
      actionRef.current?.focus()
  }, [notice, focusAction])
  useEffect(() => {
    if (notice === null || held) return
    const timer = setTimeout(onDismiss, timeoutMs)
    return () => clearTimeout(timer)
  }, [held, notice, onDismiss, timeoutMs])
  useEffect(() => setHeld(false), [notice])
  return (
    <div className="timed-notice-region" role="status">
      {notice !== null && (
        <div
          className="timed-notice"
          data-testid={testId}
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false)
          }}
        >
          <span className="timed-notice__message">{notice.message}</span>
          {notice.action !== undefined && (
            <button
              ref={actionRef}
              type="button"
              className="timed-notice__action"
              onClick={notice.action.run}
            >
              {notice.action.label}
            </button>
          )}
          <Button size="small" variant="ghost" aria-label="Dismiss" onClick={onDismiss}>
            ×
          </Button>
        </div>
      )}
    </div>
  )
}
