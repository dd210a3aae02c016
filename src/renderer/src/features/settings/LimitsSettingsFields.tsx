import type { ReactNode } from 'react'
import { NumberSettingsField } from './NumberSettingsField'
import { checkLimits, limitsDraftOf } from './settingsDrafts'
import { SettingsForm } from './SettingsForm'
import type { SettingsFieldsProps } from './SettingsFormHost'
import { useSettingsForm } from './useSettingsForm'
import './settings.css'

/** Memory budgets, the context file cap and recall k; all apply from the next turn, no restart. */
export function LimitsSettingsFields({
  initial,
  locked,
  message,
  onMessage
}: SettingsFieldsProps): ReactNode {
  const form = useSettingsForm('limits', limitsDraftOf(initial), checkLimits, onMessage)
  return (
    <SettingsForm
      label="Limits"
      onSave={form.save}
      message={message}
      busy={form.busy}
      dirty={form.dirty}
      locked={locked}
      testIdPrefix="settings-limits"
      note={
        <>
          The memory budgets cap MEMORY.md and USER.md: the memory tool refuses a write that would go past
          them, and the prompt&apos;s usage header shows each agent how much of its budget is used.
        </>
      }
    >
      <div className="form-grid">
        <NumberSettingsField
          label="MEMORY.md budget"
          hint="Characters of the agent's notes. Default 4000."
          error={form.fieldErrors.memoryCharLimit}
          value={form.draft.memoryCharLimit}
          testId="settings-memory-limit"
          onChange={(value) => form.change({ memoryCharLimit: value })}
        />
        <NumberSettingsField
          label="USER.md budget"
          hint="Characters of what the agent knows about you. Default 2000."
          error={form.fieldErrors.userCharLimit}
          value={form.draft.userCharLimit}
          testId="settings-user-limit"
          onChange={(value) => form.change({ userCharLimit: value })}
        />
        <NumberSettingsField
          label="Context file cap"
          hint="Characters per AGENTS.md or rules file; longer files are cut in the middle. Empty = scale with the model."
          error={form.fieldErrors.contextFileMaxChars}
          value={form.draft.contextFileMaxChars}
          placeholder="Scale with the model"
          testId="settings-context-file-cap"
          onChange={(value) => form.change({ contextFileMaxChars: value })}
        />
        <NumberSettingsField
          label="Recalled per turn"
          hint="Memories recall adds to each turn: 0 to 50, 0 turns recall off. Default 5."
          error={form.fieldErrors.recallK}
          value={form.draft.recallK}
          testId="settings-recall-k"
          onChange={(value) => form.change({ recallK: value })}
        />
      </div>
    </SettingsForm>
  )
}
