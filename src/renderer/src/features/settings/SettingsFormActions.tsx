import type { ReactNode } from 'react'
import { Button } from '../../ui/Button'
import type { FormMessage } from './useModelSettingsForm'

type Props = Readonly<{
  message: FormMessage
  busy: boolean
  /** Edits not saved yet: said beside Save, so a panel left and reopened shows they are still pending. */
  dirty: boolean
  locked: boolean
  testIdPrefix: string
}>

/** The result of the last save and the Save button, disabled while config.json is malformed. */
export function SettingsFormActions({ message, busy, dirty, locked, testIdPrefix }: Props): ReactNode {
  return (
    <div className="form-actions settings-actions">
      {message === null && dirty && (
        <span className="field__hint" data-testid={`${testIdPrefix}-unsaved`}>
          Unsaved changes
        </span>
      )}
      {message !== null && (
        <span
          className={message.ok ? 'field__hint' : 'field__error'}
          role={message.ok ? 'status' : 'alert'}
          data-testid={`${testIdPrefix}-message`}
        >
          {message.text}
        </span>
      )}
      <Button
        variant="primary"
        type="submit"
        disabled={busy || locked}
        data-testid={`${testIdPrefix}-save`}
        title={locked ? 'Fix config.json first' : undefined}
      >
        Save
      </Button>
    </div>
  )
}
