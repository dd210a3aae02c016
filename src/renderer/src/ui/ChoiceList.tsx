import type { ReactNode } from 'react'
import './choiceList.css'

export interface Choice<T extends string> {
  readonly value: T
  readonly label: string
  /** What choosing it means, under the label. */
  readonly hint: string
  /** Shown but not choosable (the hint says why). */
  readonly disabled?: boolean
}

type ChoiceListProps<T extends string> = Readonly<{
  legend: string
  /** The radio group's name (unique on the page). */
  name: string
  choices: readonly Choice<T>[]
  value: T
  onChange: (value: T) => void
}>

/** A choice between a few ways of working: one radio per line, its consequence under it. */
export function ChoiceList<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange
}: ChoiceListProps<T>): ReactNode {
  return (
    <fieldset className="choice-list">
      <legend className="field__label">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="choice-list__choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            disabled={choice.disabled === true}
            onChange={() => onChange(choice.value)}
          />
          <span>
            <span className="choice-list__label">{choice.label}</span>
            <span className="field__hint choice-list__hint">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
