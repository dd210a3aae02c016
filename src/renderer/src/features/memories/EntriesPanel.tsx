import type { ReactNode } from 'react'
import type { ActionResult } from '../../store/types'
import { useShallow } from 'zustand/react/shallow'
import type { MemoryFileView } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { Panel } from '../../ui/Panel'
import { MemoryUsageMeter } from '../memory'
import { EditableMemory, useMemoryRunner } from './EditableMemory'

const FILE_NOTES = {
  memory: "The agent's own notes. The whole file is in the prompt of every new session.",
  user: 'Your profile, shared by all agents. The whole file is in the prompt of every new session.'
} as const

/** The entries of MEMORY.md or USER.md, edited and forgotten with the memory tool's own rules (budget, scan). */
export function EntriesPanel({ view, empty }: Readonly<{ view: MemoryFileView; empty: string }>): ReactNode {
  const { edit, forget } = useAppStore(
    useShallow((s) => ({ edit: s.editMemoryEntry, forget: s.forgetMemory }))
  )
  const file = view.target === 'user' ? 'USER.md' : 'MEMORY.md'
  return (
    <Panel
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
            <EntryItem
              key={entry}
              entry={entry}
              fieldLabel={`${file} entry`}
              onSave={(text) => edit(view.target, entry, text)}
              onForget={() => forget({ kind: 'entry', target: view.target, text: entry })}
            />
          ))}
        </ul>
      )}
    </Panel>
  )
}

/** One entry of the file, with its own Save and Forget. */
function EntryItem({
  entry,
  fieldLabel,
  onSave,
  onForget
}: Readonly<{
  entry: string
  fieldLabel: string
  onSave: (text: string) => Promise<ActionResult>
  onForget: () => Promise<ActionResult>
}>): ReactNode {
  const runner = useMemoryRunner()
  return (
    <EditableMemory
      text={entry}
      fieldLabel={fieldLabel}
      onSave={onSave}
      onForget={onForget}
      runner={runner}
      data-testid="memory-entry"
    />
  )
}
