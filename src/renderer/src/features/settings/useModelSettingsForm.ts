import { useState } from 'react'
import {
  SettingsPatch,
  type CacheTtlPolicy,
  type EditableSettings,
  type ProviderPreset
} from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { useStoredDraft } from './useStoredDraft'

export interface ModelSettingsDraft {
  readonly model: string
  readonly provider: string
  readonly baseUrl: string
  readonly cacheTtl: CacheTtlPolicy
}

export type FormMessage = { readonly ok: boolean; readonly text: string } | null

export interface ModelSettingsForm {
  readonly draft: ModelSettingsDraft
  readonly fieldErrors: Readonly<Partial<Record<keyof ModelSettingsDraft, string>>>
  readonly busy: boolean
  /** Typed but not saved yet (kept when the user leaves the form). */
  readonly dirty: boolean
  readonly change: (patch: Partial<ModelSettingsDraft>) => void
  /** A provider preset fills the provider name and its base URL (the "other endpoint" preset keeps the URL typed). */
  readonly pickPreset: (preset: ProviderPreset) => void
  readonly save: () => Promise<void>
}

/**
 * Form state for provider, model, base URL and cache TTL. The result message lives with the caller, because
 * the form is re-mounted (fresh from disk) after every save. Checked with the contract's own schema before
 * sending, so a bad URL is reported beside the field in plain words.
 */
export function useModelSettingsForm(
  initial: EditableSettings,
  setMessage: (message: FormMessage) => void
): ModelSettingsForm {
  const updateSettings = useAppStore((state) => state.updateSettings)
  const { draft, dirty, update, forget } = useStoredDraft<ModelSettingsDraft>('model', {
    model: initial.model,
    provider: initial.provider,
    baseUrl: initial.baseUrl ?? '',
    cacheTtl: initial.cacheTtl
  })
  const [fieldErrors, setFieldErrors] = useState<ModelSettingsForm['fieldErrors']>({})
  const [busy, setBusy] = useState(false)
  async function save(): Promise<void> {
    const parsed = SettingsPatch.safeParse({
      model: draft.model.trim(),
      provider: draft.provider.trim(),
      baseUrl: draft.baseUrl.trim() === '' ? null : draft.baseUrl.trim(),
      cacheTtl: draft.cacheTtl
    })
    if (!parsed.success) {
      setFieldErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            explain(String(issue.path[0]), issue.message)
          ])
        )
      )
      return
    }
    setBusy(true)
    const result = await updateSettings(parsed.data)
    setBusy(false)
    if (result.ok) forget()
    setMessage(
      result.ok ? { ok: true, text: 'Settings saved to config.json.' } : { ok: false, text: result.message }
    )
  }
  function change(patch: Partial<ModelSettingsDraft>): void {
    update(patch)
    setFieldErrors({})
    setMessage(null)
  }
  return {
    draft,
    fieldErrors,
    busy,
    dirty,
    change,
    pickPreset: (preset) =>
      change({
        provider: preset.provider,
        ...(preset.baseUrl === '' ? {} : { baseUrl: preset.baseUrl ?? '' })
      }),
    save
  }
}

/** Plain words per field; for the base URL, the contract's own reason (https only, except this computer). */
function explain(field: string, reason: string): string {
  if (field === 'baseUrl')
    return reason.startsWith('Enter a full URL')
      ? 'Enter a full URL such as http://127.0.0.1:11434, or leave it empty for Anthropic.'
      : reason
  if (field === 'model') return 'Enter a model name.'
  if (field === 'provider') return 'Enter a provider name, such as anthropic.'
  return 'This value is not valid.'
}
