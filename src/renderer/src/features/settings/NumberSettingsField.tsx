import type { ReactNode } from 'react'
import { SettingsField } from './SettingsField'

type Props = Readonly<{
  label: string
  hint: string
  error: string | undefined
  value: string
  placeholder?: string
  testId: string
  onChange: (value: string) => void
}>

/**
 * A whole-number field kept as text: a number input would silently turn "abc" into "", which for
 * the context file cap means "scale with the model" — here the user sees what they typed and why it is refused.
 */
export function NumberSettingsField({
  label,
  hint,
  error,
  value,
  placeholder,
  testId,
  onChange
}: Props): ReactNode {
  return (
    <SettingsField label={label} hint={hint} error={error}>
      {(id) => (
        <input
          id={id}
          className="input"
          inputMode="numeric"
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={placeholder}
          aria-invalid={error !== undefined}
          data-testid={testId}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </SettingsField>
  )
}
