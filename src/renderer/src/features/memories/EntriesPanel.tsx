import { memo, type ReactNode } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { MemoryFileView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Panel } from '../../ui/Panel'
import { MemoryUsageMeter } from '../memory'
import { EditableMemory } from './EditableMemory'

const FILE_NOTES = {
  memory: "The agent's own notes. The whole file is in the prompt of every new session.",
  user: 'Your profile, shared by all agents. The whole file is in the prompt of every new session.'
} as const

/**
 * The entries of MEMORY.md or USER.md, edited and forgotten with the memory tool's own rules (budget, scan).
 * Memoised: a page of facts arriving leaves this file's view as it was, and nothing here is drawn again.
 */
export const EntriesPanel = memo(function EntriesPanel({
  view,
  empty
}: Readonly<{ view: MemoryFileView; empty: string }>): ReactNode {
  const { edit, forget } = useAppStore(
    useShallow((s) => ({ edit: s.editMemoryEntry, forget: s.forgetMemory }))
  )
  const file = view.target === 'user' ? 'USER.md' : 'MEMORY.md'
  return (
    <Panel
      className="memory-panel--under-facts"
      title={`${file} (${view.entries.length})`}
      actions={<MemoryUsageMeter usage={view.usage} />}
      data-testid={`memories-entries-${view.target}`}
    >
      <p className="muted memory-panel__note">
        {FILE_NOTES[view.target]} Changes apply from the next session.
      </p>
      {view.entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="memory-list">
          {view.entries.map((entry) => (
            <EditableMemory
              key={entry}
              text={entry}
              fieldLabel={`${file} entry`}
              onSave={(text) => edit(view.target, entry, text)}
              onForget={() => forget({ kind: 'entry', target: view.target, text: entry })}
              data-testid="memory-entry"
            />
          ))}
        </ul>
      )}
    </Panel>
  )
})
