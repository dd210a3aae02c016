import { useState, type ReactNode } from 'react'
import { useAppStore } from '../../store/useAppStore'
import { selectSettingsView } from './settingsSlice'
import { ModelSettingsFields } from './ModelSettingsFields'
import type { FormMessage } from './useModelSettingsForm'

/** Model, base URL and cache TTL, saved to config.json (unknown keys in the file are kept). */
export function ModelSettingsForm(): ReactNode {
  const view = useAppStore(selectSettingsView)
  const [message, setMessage] = useState<FormMessage>(null)
  if (view === null) return <p className="muted">Loading settings…</p>
  // Keyed on the saved values so the form restarts from disk after a save or an outside edit.
  return <ModelSettingsFields key={JSON.stringify(view.settings)} locked={view.configErrors.length > 0} initial={view.settings} message={message} onMessage={setMessage} />
}
