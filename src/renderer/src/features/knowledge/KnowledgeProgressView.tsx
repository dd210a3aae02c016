import type { ReactNode } from 'react'
import type { KnowledgeProgress, KnowledgeStatus } from '../../../../shared/contract'
import type { ActionResult } from '../../store/types'
import { Button } from '../../ui/Button'
import '../../ui/spinner.css'

/** What the index holds and what it is doing now, from the core's counts and its progress events. */
export function KnowledgeProgressView({
  status,
  progress,
  onRebuild
}: Readonly<{
  status: KnowledgeStatus
  progress: KnowledgeProgress | null
  onRebuild: () => Promise<ActionResult>
}>): ReactNode {
  const vectorsOn = status.embeddings.state !== 'off'
  const kinds = Object.entries(status.byKind)
    .map(([kind, count]) => `${count} ${kind.replace('_', ' ')}`)
    .join(', ')
  return (
    <div className="knowledge-progress" data-testid="knowledge-progress">
      <h3 className="knowledge-progress__title">Index</h3>
      <p className="field__hint">
        {status.items} {status.items === 1 ? 'piece' : 'pieces'} indexed{kinds !== '' ? ` (${kinds})` : ''}
        {status.pending > 0 ? `; ${status.pending} waiting` : ''}.
      </p>
      {vectorsOn && (
        <label className="knowledge-progress__bar">
          <span>
            With vectors: {status.embedded} of {status.items}
          </span>
          <progress
            max={Math.max(1, status.items)}
            value={status.embedded}
            aria-label="Pieces with vectors"
          />
        </label>
      )}
      {progress !== null && (
        <p
          className="knowledge-progress__now"
          role="status"
          aria-live="polite"
          data-testid="knowledge-working"
        >
          <span className="spinner" aria-hidden="true" />
          {progress.phase === 'words'
            ? `Indexing words: ${progress.done} of ${progress.total}`
            : progress.phase === 'loading'
              ? `Reading vectors into memory: ${progress.done} of ${progress.total} (search uses words meanwhile)`
              : `Embedding: ${progress.done} of ${progress.total}`}
          …
        </p>
      )}
      {status.embeddings.state === 'failing' && (
        <p className="field__error" role="alert" data-testid="knowledge-failing">
          {status.embeddings.error ?? 'The embedding endpoint failed.'}
          {status.embeddings.retryAtMs !== null
            ? ` Trying again at ${new Date(status.embeddings.retryAtMs).toLocaleTimeString()}; search uses keywords meanwhile.`
            : ''}
        </p>
      )}
      <Button size="small" variant="ghost" onClick={() => void onRebuild()}>
        Rebuild the index
      </Button>
    </div>
  )
}
