import { useState, type ReactNode } from 'react'
import { selectAppInfo } from '../../store/connectionSlice'
import { useAppStore } from '../../store/useAppStore'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { whenText } from './backupText'

/** A restore waiting for the next start (with Cancel), or the last one done (with the way back). */
export function RestoreStatusNotice(): ReactNode {
  const status = useAppStore((s) => s.restoreStatus)
  const cancel = useAppStore((s) => s.cancelRestore)
  const undo = useAppStore((s) => s.undoRestore)
  const host = useAppStore(selectAppInfo)?.host
  const [error, setError] = useState<string | null>(null)
  if (status === null) return null
  const act = (work: () => Promise<{ ok: boolean; message?: string }>): void => {
    setError(null)
    void work().then((result) => setError(result.ok ? null : (result.message ?? null)))
  }
  const restart =
    host === 'web'
      ? 'Stop hearth serve (Ctrl+C) and start it again'
      : 'Hearth restarts by itself (or quit it and open it again)'
  return (
    <>
      {status.pending !== null && (
        <Banner
          tone="warning"
          title={
            status.pending.goingBack
              ? 'Going back waits for the next start'
              : 'The restore waits for the next start'
          }
          data-testid="restore-pending"
          actions={
            <Button size="small" onClick={() => act(cancel)}>
              Cancel the restore
            </Button>
          }
        >
          {restart} to switch to <span className="path">{status.pending.from}</span>. Your home as it is now
          will be kept at <span className="path">{status.pending.keepAs}</span>.
        </Banner>
      )}
      {status.pending === null && status.last !== null && (
        <Banner
          tone="info"
          title={`Restored ${whenText(status.last.atMs)}`}
          data-testid="restore-last"
          actions={
            status.last.keptExists ? (
              <Button size="small" onClick={() => act(undo)}>
                Go back to the home before
              </Button>
            ) : undefined
          }
        >
          This home came from <span className="path">{status.last.from}</span>.{' '}
          {status.last.keptExists ? (
            <>
              The home before it is kept at <span className="path">{status.last.keptAs}</span>.
            </>
          ) : (
            <>The home before it (kept at {status.last.keptAs}) has since been removed.</>
          )}
        </Banner>
      )}
      {error !== null && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
