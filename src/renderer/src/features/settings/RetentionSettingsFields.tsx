import type { ReactNode } from 'react'
import { NumberSettingsField } from './NumberSettingsField'
import { checkRetention, retentionDraftOf } from './settingsDrafts'
import { SettingsForm } from './SettingsForm'
import type { SettingsFieldsProps } from './SettingsFormHost'
import { useSettingsForm } from './useSettingsForm'
import './settings.css'

/** When sessions end by themselves; ending is what hands candidate memories to the Review inbox. */
export function RetentionSettingsFields({
  initial,
  locked,
  message,
  onMessage
}: SettingsFieldsProps): ReactNode {
  const form = useSettingsForm('retention', retentionDraftOf(initial), checkRetention, onMessage)
  const minutes = form.fieldErrors.idleMinutes === undefined ? Number(form.draft.idleMinutes.trim()) : null
  return (
    <SettingsForm
      label="Retention"
      onSave={form.save}
      message={message}
      busy={form.busy}
      dirty={form.dirty}
      locked={locked}
      testIdPrefix="settings-retention"
      note={
        <>
          When a session ends, Hearth looks back over it for facts worth keeping and sends them as candidate
          memories to the Review inbox. Nothing becomes a memory until you accept it there. A session ends
          when you end it, when it has been idle for the time below, and when you quit the app — quitting ends
          every open session. A chat that ends on its own is only read when the model answered in it and it is
          at least the size below; one you end yourself is always read.
        </>
      }
    >
      <div className="form-grid settings-grid--single">
        <NumberSettingsField
          label="Idle minutes before a session ends"
          hint="0 = only when you end it or quit. Default 30."
          error={form.fieldErrors.idleMinutes}
          value={form.draft.idleMinutes}
          testId="settings-idle-minutes"
          onChange={(value) => form.change({ idleMinutes: value })}
        />
        <NumberSettingsField
          label="Smallest chat read when it ends on its own (characters)"
          hint="Your messages and the replies together. 0 = every chat the model answered in. Default 60."
          error={form.fieldErrors.minChars}
          value={form.draft.minChars}
          testId="settings-retention-min-chars"
          onChange={(value) => form.change({ minChars: value })}
        />
      </div>
      {minutes !== null && (
        <p className="field__hint" data-testid="settings-retention-summary">
          {minutes === 0
            ? 'Idle sessions stay open; retention runs when you end a session or quit.'
            : `Sessions quiet for ${minutes} minute${minutes === 1 ? '' : 's'} end and go to review.`}
        </p>
      )}
    </SettingsForm>
  )
}
