import { memo, useState, type ReactNode } from 'react'
import type { MemoriesView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import type { ForgottenItem } from './memoriesSlice'

interface Row {
  readonly key: string
  readonly label: ReactNode
  readonly item: ForgottenItem
}

function rowsOf(forgotten: MemoriesView['forgotten']): Row[] {
  return [
    ...forgotten.facts.map((fact) => ({
      key: `fact-${fact.id}`,
      label: (
        <>
          {fact.text} <span className="muted">· fact</span>
        </>
      ),
      item: { kind: 'fact', id: fact.id, text: fact.text } as const
    })),
    ...forgotten.files.map((file) => ({
      key: `file-${file.slug}`,
      label: (
        <>
          <code>memories/{file.slug}.md</code> <span className="muted">· memory file</span>
        </>
      ),
      item: { kind: 'file', slug: file.slug } as const
    })),
    ...forgotten.entries.map((entry) => ({
      key: `entry-${entry.target}-${entry.text}`,
      label: (
        <>
          {entry.text}{' '}
          <span className="muted">· removed from {entry.target === 'user' ? 'USER.md' : 'MEMORY.md'}</span>
        </>
      ),
      item: { kind: 'entry', target: entry.target, text: entry.text } as const
    }))
  ]
}

function ForgottenRow({ row }: Readonly<{ row: Row }>): ReactNode {
  const restore = useAppStore((s) => s.restoreMemory)
  const [error, setError] = useState<string | null>(null)
  return (
    <li className="memory-item memory-item--forgotten" data-testid="memory-forgotten">
      <div className="memory-item__text">{row.label}</div>
      {error !== null && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
      <div className="memory-item__actions">
        <Button
          size="small"
          variant="ghost"
          onClick={() => void restore(row.item).then((result) => setError(result.ok ? null : result.message))}
        >
          Restore
        </Button>
      </div>
    </li>
  )
}

/**
 * What was forgotten: never recalled, never in a prompt, but kept, and one click from coming back.
 * Memoised: a page of approved facts arriving leaves the forgotten as they were.
 */
export const ForgottenPanel = memo(function ForgottenPanel({
  forgotten,
  onMore
}: Readonly<{ forgotten: MemoriesView['forgotten']; onMore: () => void }>): ReactNode {
  const rows = rowsOf(forgotten)
  if (rows.length === 0) return null
  const more = forgotten.factsNext !== null
  return (
    <Panel
      title={`Forgotten (${rows.length}${more ? '+' : ''})`}
      className="memory-panel--under-facts"
      data-testid="memories-forgotten"
    >
      <p className="muted memory-panel__note">
        Kept in history and never used. Restore brings one back as it was.
      </p>
      <ul className="memory-list">
        {rows.map((row) => (
          <ForgottenRow key={row.key} row={row} />
        ))}
      </ul>
      {more && (
        <Button size="small" variant="ghost" onClick={onMore}>
          Show more forgotten facts
        </Button>
      )}
    </Panel>
  )
})
