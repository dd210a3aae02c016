import type { ReactNode } from 'react'
import { SettingsFormActions } from './SettingsFormActions'
import type { FormMessage } from './useModelSettingsForm'

type Props = Readonly<{
  label: string
  note: ReactNode
  onSave: () => Promise<void>
  message: FormMessage
  busy: boolean
  dirty: boolean
  locked: boolean
  testIdPrefix: string
  children: ReactNode
}>

/**
 * The frame every config panel shares: an explanatory note, its fields, the save result and the
 * Save button. Browser validation is off because the contract's own rules check each field.
 */
export function SettingsForm({
  label,
  note,
  onSave,
  message,
  busy,
  dirty,
  locked,
  testIdPrefix,
  children
}: Props): ReactNode {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void onSave()
      }}
      aria-label={label}
    >
      <p className="muted settings-note">{note}</p>
      {children}
      <SettingsFormActions
        message={message}
        busy={busy}
        dirty={dirty}
        locked={locked}
        testIdPrefix={testIdPrefix}
      />
    </form>
  )
}
