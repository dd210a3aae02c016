import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectSettingsView } from './settingsSlice'
import { ModelSettingsFields } from './ModelSettingsFields'
import type { FormMessage } from './useModelSettingsForm'

/** Provider, model, base URL and cache TTL, saved to config.json (unknown keys in the file are kept). */
export function ModelSettingsForm({ withCacheTtl = true }: Readonly<{ withCacheTtl?: boolean }>): ReactNode {
  const view = useAppStore(selectSettingsView)
  const [message, setMessage] = useState<FormMessage>(null)
  if (view === null) return <p className="muted">Loading settings…</p>
  // Keyed on the saved values so the form restarts from disk after a save or an outside edit;
  // only this panel's fields, so saving another panel keeps unsaved edits here.
  const { provider, model, baseUrl, cacheTtl } = view.settings
  return (
    <ModelSettingsFields
      key={JSON.stringify([provider, model, baseUrl, cacheTtl])}
      locked={view.configErrors.length > 0}
      initial={view.settings}
      endpoint={view.endpoint}
      message={message}
      onMessage={setMessage}
      withCacheTtl={withCacheTtl}
    />
  )
}
