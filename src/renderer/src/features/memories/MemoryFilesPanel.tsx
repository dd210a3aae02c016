import { memo, useState, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { Fact, MemoryFileItem } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Button } from '../../ui/Button'
import { Panel } from '../../ui/Panel'
import { FACT_TYPE_LABELS } from '../review'
import { MemoryFileEditor } from './MemoryFileEditor'

function FileRow({ file }: Readonly<{ file: MemoryFileItem }>): ReactNode {
  const { open, forget } = useAppStore(
    useShallow((s) => ({ open: s.openMemoryFile, forget: s.forgetMemory }))
  )
  const [error, setError] = useState<string | null>(null)
  const report = (result: Promise<{ ok: boolean; message?: string }>): void => {
    void result.then((outcome) => setError(outcome.ok ? null : (outcome.message ?? 'Not done')))
  }
  return (
    <li className="memory-item" data-testid="memory-file">
      <div className="memory-item__text">
        <code>memories/{file.slug}.md</code>{' '}
        {file.description !== '' ? file.description : file.excerpt.split('\n')[0]}
      </div>
      <div className="memory-item__meta">
        {file.type !== '' && (
          <span className={`candidate__type candidate__type--${file.type}`}>
            {Object.hasOwn(FACT_TYPE_LABELS, file.type)
              ? FACT_TYPE_LABELS[file.type as Fact['type']]
              : file.type}
          </span>
        )}
        {file.source !== '' && <span className="muted">from {file.source}</span>}
      </div>
      {file.problem !== null && <div className="field__error">Cannot be read: {file.problem}</div>}
      {error !== null && (
        <div className="field__error" role="alert">
          {error}
        </div>
      )}
      <div className="memory-item__actions">
        <Button
          size="small"
          variant="ghost"
          disabled={file.problem !== null}
          onClick={() => report(open(file.slug, false))}
        >
          Open
        </Button>
        <Button
          size="small"
          variant="ghost"
          onClick={() => report(forget({ kind: 'file', slug: file.slug }))}
        >
          Forget
        </Button>
      </div>
    </li>
  )
}

/**
 * Long-form memories, one markdown file each; recall searches them too. Memoised: a page of facts
 * arriving leaves the files as they were, and their rows are not drawn again.
 */
export const MemoryFilesPanel = memo(function MemoryFilesPanel({
  files,
  empty
}: Readonly<{ files: readonly MemoryFileItem[]; empty: string }>): ReactNode {
  const openFile = useAppStore((s) => s.memoriesOpenFile)
  return (
    <Panel
      title={`Memory files (${files.length})`}
      className="memory-panel--under-facts"
      data-testid="memories-files"
    >
      <p className="muted memory-panel__note">
        One markdown file per long memory, in the agent&apos;s memories folder. Recall searches them too.
      </p>
      {openFile !== null && !openFile.forgotten && <MemoryFileEditor key={openFile.slug} doc={openFile} />}
      {files.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="memory-list">
          {files.map((file) => (
            <FileRow key={file.slug} file={file} />
          ))}
        </ul>
      )}
    </Panel>
  )
})
