import { useId, type ReactNode } from 'react'

type SettingsFieldProps = Readonly<{
  label: string
  hint?: string
  error?: string | undefined
  children: (id: string) => ReactNode
}>

/** A labelled form field with a hint and an inline error; the control receives the label's id. */
export function SettingsField({ label, hint, error, children }: SettingsFieldProps): ReactNode {
  const id = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
      {error !== undefined ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : (
        hint !== undefined && <span className="field__hint">{hint}</span>
      )}
    </div>
  )
}
