import { useState } from 'react'
import { useAppStore } from '../../store/useAppStore'
import type { DraftCheck, FieldErrors } from './settingsDrafts'
import type { FormMessage } from './useModelSettingsForm'
import { useStoredDraft } from './useStoredDraft'

export interface SettingsForm<D> {
  readonly draft: D
  readonly fieldErrors: FieldErrors<keyof D & string>
  readonly busy: boolean
  /** Typed but not saved yet (kept when the user leaves Settings). */
  readonly dirty: boolean
  readonly change: (patch: Partial<D>) => void
  readonly save: () => Promise<void>
}

/**
 * Text fields checked as the user types (the message sits beside the field) and again on save,
 * so nothing out of bounds ever reaches config.json. The result message lives with the caller,
 * because the form is re-mounted fresh from disk after every save.
 */
export function useSettingsForm<D extends object>(
  panel: string,
  initial: D,
  check: (draft: D) => DraftCheck<keyof D & string>,
  setMessage: (message: FormMessage) => void
): SettingsForm<D> {
  const updateSettings = useAppStore((state) => state.updateSettings)
  const { draft, dirty, update, forget } = useStoredDraft(panel, initial)
  const [busy, setBusy] = useState(false)
  const checked = check(draft)
  async function save(): Promise<void> {
    if (checked.patch === null) {
      setMessage({ ok: false, text: 'Nothing was saved: fix the marked fields first.' })
      return
    }
    setBusy(true)
    const result = await updateSettings(checked.patch)
    setBusy(false)
    if (result.ok) forget()
    setMessage(result.ok ? { ok: true, text: 'Saved to config.json.' } : { ok: false, text: result.message })
  }
  return {
    draft,
    fieldErrors: checked.errors,
    busy,
    dirty,
    change: (patch) => {
      update(patch)
      setMessage(null)
    },
    save
  }
}
