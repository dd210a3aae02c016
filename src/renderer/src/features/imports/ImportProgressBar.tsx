import type { ReactNode } from 'react'
import type { ImportProgress } from '../../../../shared/contract'

function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/** How far the read or the write is, from the core's progress events; indeterminate until the first one. */
export function ImportProgressBar({
  progress,
  preview
}: Readonly<{ progress: ImportProgress | null; preview: boolean }>): ReactNode {
  const total = progress?.totalBytes ?? null
  const percent =
    progress !== null && total !== null && total > 0 ? Math.round((progress.bytes / total) * 100) : null
  const phase =
    progress === null
      ? 'Starting…'
      : progress.phase === 'writing'
        ? 'Writing into your home (one transaction)…'
        : progress.phase === 'done'
          ? 'Finishing…'
          : `Reading: ${progress.items} items${total !== null ? `, ${megabytes(progress.bytes)} of ${megabytes(total)}` : ''}`
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
