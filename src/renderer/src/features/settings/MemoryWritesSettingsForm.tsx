import type { ReactNode } from 'react'
import type { EditableSettings, MemoryWriteMode } from '../../../../shared/contract'
import { ChoiceList, type Choice } from '../../ui/ChoiceList'
import type { DraftCheck } from './settingsDrafts'
import { SettingsForm } from './SettingsForm'
import { SettingsFormHost, type SettingsFieldsProps } from './SettingsFormHost'
import { useSettingsForm } from './useSettingsForm'
import './settings.css'

interface MemoryWritesDraft {
  readonly agentWrites: MemoryWriteMode
}

const CHOICES: readonly Choice<MemoryWriteMode>[] = [
  {
    value: 'receipt',
    label: 'Save with a receipt',
    hint: 'The agent writes MEMORY.md and USER.md itself; every write shows a receipt in the chat, with Undo.'
  },
  {
    value: 'ask',
    label: 'Ask me first',
    hint: 'Each write waits in Review as a candidate; nothing is written until you approve it. The agent is told it awaits your approval.'
  }
]

const checkMemoryWrites = (draft: MemoryWritesDraft): DraftCheck<keyof MemoryWritesDraft> => ({
  patch: { memory: { agentWrites: draft.agentWrites } },
  errors: {}
})

function MemoryWritesFields({ initial, locked, message, onMessage }: SettingsFieldsProps): ReactNode {
  const form = useSettingsForm<MemoryWritesDraft>(
    'memory-writes',
    { agentWrites: initial.memory.agentWrites },
    checkMemoryWrites,
    onMessage
  )
  return (
    <SettingsForm
      label="Memory writes"
      onSave={form.save}
      message={message}
      busy={form.busy}
      dirty={form.dirty}
      locked={locked}
      testIdPrefix="settings-memory-writes"
      note="What happens when an agent uses its memory tool to change MEMORY.md or USER.md. Facts that sessions leave behind always wait in Review, whatever you choose here."
    >
      <ChoiceList
        legend="Memory writes by the agent"
        name="agent-writes"
        choices={CHOICES}
        value={form.draft.agentWrites}
        onChange={(agentWrites) => form.change({ agentWrites })}
      />
    </SettingsForm>
  )
}

const pickMemoryWrites = (settings: EditableSettings): unknown => settings.memory.agentWrites

/** The Memory writes panel: config.json `memory.agentWrites`. */
export function MemoryWritesSettingsForm(): ReactNode {
  return <SettingsFormHost pick={pickMemoryWrites} fields={MemoryWritesFields} />
}
