import { useEffect, useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectModelTable } from './modelSlice'
import { CUSTOM_MODEL_DETAILS, modelDetails, modelOptionLabel } from './modelFormat'

const CUSTOM = '__custom__'

type Props = Readonly<{ id: string; value: string; onChange: (model: string) => void; invalid: boolean }>

/**
 * The model: one of the model table (context window and prices shown), or any id typed by hand —
 * a gateway's own model names, a newer model than the table knows.
 */
export function ModelPicker({ id, value, onChange, invalid }: Props): ReactNode {
  const table = useAppStore(selectModelTable)
  const loadModelTable = useAppStore((state) => state.loadModelTable)
  useEffect(() => {
    void loadModelTable()
  }, [loadModelTable])
  const known = table.find((model) => model.id === value.trim())
  // Custom stays chosen while its id is being typed, even when it happens to match a table entry.
  const [custom, setCustom] = useState(false)
  const showCustom = custom || known === undefined
  return (
    <>
      <select
        id={id}
        className="select"
        value={showCustom ? CUSTOM : known.id}
        data-testid="settings-model-pick"
        onChange={(event) => {
          const picked = event.target.value
          setCustom(picked === CUSTOM)
          if (picked !== CUSTOM) onChange(picked)
        }}
      >
        {table.map((model) => (
          <option key={model.id} value={model.id}>
            {modelOptionLabel(model)}
          </option>
        ))}
        <option value={CUSTOM}>Another model (type its id)…</option>
      </select>
      {showCustom && (
        <input
          className="input"
          aria-label="Model id"
          aria-invalid={invalid}
          value={value}
          spellCheck={false}
          placeholder="e.g. llama3.2 or anthropic/claude-sonnet-4.5"
          data-testid="settings-model"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <span className="field__hint" data-testid="settings-model-details">
        {known !== undefined ? modelDetails(known) : CUSTOM_MODEL_DETAILS}
      </span>
    </>
  )
}
