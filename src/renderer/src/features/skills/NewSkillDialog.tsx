import { useState, type ReactNode } from 'react'
import { Button } from '../../ui/Button'
import { Dialog } from '../../ui/Dialog'
import { useAppStore } from '../../store/useAppStore'
import { SettingsField } from '../settings/SettingsField'

/** A new skill: its folder name, an optional category folder, and the description the index lists. */
export function NewSkillDialog({ onClose }: Readonly<{ onClose: () => void }>): ReactNode {
  const create = useAppStore((state) => state.createSkill)
  const [name, setName] = useState('')
  const [category, setCategory] = useState('')
  const [description, setDescription] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (): Promise<void> => {
    setBusy(true)
    const result = await create({
      name: name.trim(),
      category: category.trim() === '' ? null : category.trim(),
      description
    })
    setBusy(false)
    if (result.ok) onClose()
    else setError(result.message)
  }
  const actions = (
    <>
      <Button variant="ghost" onClick={onClose}>
        Cancel
      </Button>
      <Button variant="primary" disabled={busy} onClick={() => void submit()}>
        {busy ? 'Creating…' : 'Create skill'}
      </Button>
    </>
  )
  return (
    <Dialog title="New skill" onClose={onClose} actions={actions} data-testid="new-skill-dialog">
      <form
        className="skills-new"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <SettingsField
          label="Name"
          hint="Lowercase letters, digits and hyphens; the folder's name and what skill_view loads."
        >
          {(id) => (
            <input
              id={id}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
          )}
        </SettingsField>
        <SettingsField
          label="Category (optional)"
          hint="A folder that groups skills in the index, e.g. writing."
        >
          {(id) => (
            <input id={id} className="input" value={category} onChange={(e) => setCategory(e.target.value)} />
          )}
        </SettingsField>
        <SettingsField
          label="Description"
          hint="When the agent should use it. The index shows its first 60 characters in every prompt."
        >
          {(id) => (
            <input
              id={id}
              className="input"
              value={description}
              maxLength={1024}
              onChange={(e) => setDescription(e.target.value)}
            />
          )}
        </SettingsField>
        {error !== null && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  )
}
