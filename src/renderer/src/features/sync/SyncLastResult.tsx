import type { ReactNode } from 'react'
import type { NexusSyncResult } from '../../../../shared/contract'
import { Banner } from '../../ui/Banner'
import { Button } from '../../ui/Button'
import { useAppStore } from '../../store/useAppStore'

const when = (ms: number): string => new Date(ms).toLocaleString()

const entries = (count: number): string => `${count} ${count === 1 ? 'entry' : 'entries'}`

/** What the last sync did, in words: sent, received, and anything that needs the user. */
export function SyncLastResult({ result }: Readonly<{ result: NexusSyncResult }>): ReactNode {
  const takeNewId = useAppStore((state) => state.takeNewDeviceId)
  const summary = `Sent ${entries(result.pushed)}, received ${entries(result.pulled)} — ${when(result.finishedAt)}`
  return (
    <div className="sync-result" data-testid="sync-last-result">
      <Banner
        tone={result.ok ? 'success' : 'danger'}
        title={result.ok ? 'Last sync went through' : 'Last sync needs your attention'}
        actions={
          result.needsNewDeviceId ? (
            <Button variant="primary" onClick={() => void takeNewId()}>
              Take a new device id
            </Button>
          ) : undefined
        }
      >
        <p>{summary}</p>
        {result.problems.length > 0 && (
          <ul className="sync-result__list">
            {result.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </Banner>
      {result.notes.length > 0 && (
        <ul className="sync-result__list sync-result__notes" aria-label="What the last sync noticed">
          {result.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
