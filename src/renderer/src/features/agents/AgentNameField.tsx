import { useId, type ReactNode } from 'react'
import { AGENT_NAME_MAX } from '../../../../shared/contract/constants'
import type { NameForm } from './useNameForm'

/** The labelled name input shared by the create and rename forms. */
export function AgentNameField({
  form,
  label,
  testId
}: Readonly<{ form: NameForm; label: string; testId: string }>): ReactNode {
  const id = useId()
  const counterId = useId()
  const length = form.name.trim().length
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={form.name}
        aria-describedby={counterId}
        autoFocus
        placeholder="e.g. Research, Coder, Ada"
        data-testid={testId}
        aria-invalid={form.error !== null}
        onChange={(event) => form.setName(event.target.value)}
      />
      <div
        id={counterId}
        className={`field__hint${length > AGENT_NAME_MAX ? ' field__hint--over' : ''}`}
        data-testid={`${testId}-count`}
      >
        {length} of {AGENT_NAME_MAX} characters
      </div>
      {form.error !== null && (
        <div className="field__error" role="alert">
          {form.error}
        </div>
      )}
    </div>
  )
}
