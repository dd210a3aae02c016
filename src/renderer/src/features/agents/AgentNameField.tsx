import { useId, type ReactNode } from 'react'
import type { NameForm } from './useNameForm'

/** The labelled name input shared by the create and rename forms. */
export function AgentNameField({
  form,
  label,
  testId
}: Readonly<{ form: NameForm; label: string; testId: string }>): ReactNode {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        value={form.name}
        maxLength={80}
        autoFocus
        placeholder="e.g. Research, Coder, Ada"
        data-testid={testId}
        aria-invalid={form.error !== null}
        onChange={(event) => form.setName(event.target.value)}
      />
      {form.error !== null && (
        <div className="field__error" role="alert">
          {form.error}
        </div>
      )}
    </div>
  )
}
