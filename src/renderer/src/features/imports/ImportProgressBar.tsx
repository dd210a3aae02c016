import type { ReactNode } from 'react'
import type { ImportProgress } from '../../../../shared/contract'

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** "12.3 MB of 200.0 MB" or "3 of 12 files and chats": how far the read is, against the total measured first. */
export function progressText(progress: ImportProgress): string {
  const { unit, done, total } = progress
  return unit === 'bytes'
    ? `${megabytes(done)} of ${megabytes(total)}`
    : `${done} of ${total} files and chats`
}

/** How far the read or the write is, from the core's progress events; indeterminate until the first one. */
export function ImportProgressBar({
  progress,
  preview
}: Readonly<{ progress: ImportProgress | null; preview: boolean }>): ReactNode {
  const percent =
    progress !== null && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null
  const phase =
    progress === null
      ? 'Starting…'
      : progress.phase === 'writing'
        ? 'Writing into your home (one transaction)…'
        : progress.phase === 'done'
          ? 'Finishing…'
          : `Reading: ${progressText(progress)}, ${progress.items} items so far`
  return (
    <div className="import-progress" data-testid="import-progress">
      <p>{preview ? 'Reading the source to preview it (nothing is written)…' : 'Importing…'}</p>
      <progress
        aria-label={preview ? 'Preview progress' : 'Import progress'}
        max={100}
        {...(percent !== null ? { value: percent } : {})}
      />
      <p className="muted">{phase}</p>
    </div>
  )
}
