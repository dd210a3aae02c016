import type { ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectActiveFileKind } from './fileSelectors'
import type { FileTab } from './fileTargets'
import { isDirty } from './openFile'

/** The file tabs; a dot marks a file with unsaved edits. */
export function FileTabs({ tabs }: Readonly<{ tabs: readonly FileTab[] }>): ReactNode {
  const active = useAppStore(selectActiveFileKind)
  const showFileKind = useAppStore((state) => state.showFileKind)
  const dirtyKeys = useAppStore((state) =>
    tabs
      .filter((tab) => isDirty(state.openFiles[tab.key]))
      .map((tab) => tab.key)
      .join('|')
  )
  return (
    <div className="tabs" role="tablist" aria-label="Files">
      {tabs.map((tab) => (
        <button
          key={tab.kind}
          type="button"
          role="tab"
          id={`file-tab-${tab.kind}`}
          aria-selected={tab.kind === active}
          aria-controls="file-panel"
          title={tab.hint}
          className="tab"
          data-testid={`file-tab-${tab.kind}`}
          onClick={() => showFileKind(tab.kind)}
        >
          {tab.label}
          {dirtyKeys.split('|').includes(tab.key) && (
            <span
              className="tab__dirty"
              aria-label="unsaved changes"
              data-testid={`file-tab-${tab.kind}-dirty`}
            />
          )}
        </button>
      ))}
    </div>
  )
}
