import { useState, type ComponentType, type ReactNode } from 'react'
import type { EditableSettings } from '../../../../shared/contract'
import { useAppStore } from '../../store/useAppStore'
import { selectSettingsView } from './settingsSlice'
import type { FormMessage } from './useModelSettingsForm'

export type SettingsFieldsProps = Readonly<{
  initial: EditableSettings
  locked: boolean
  message: FormMessage
  onMessage: (message: FormMessage) => void
}>

type Props = Readonly<{
  /** This panel's own values: the form restarts from disk when they change, and only then. */
  pick: (settings: EditableSettings) => unknown
  fields: ComponentType<SettingsFieldsProps>
}>

/** Loads the settings and mounts a panel's form keyed on its saved values; `locked` while config.json is malformed. */
export function SettingsFormHost({ pick, fields: Fields }: Props): ReactNode {
  const view = useAppStore(selectSettingsView)
  const [message, setMessage] = useState<FormMessage>(null)
  if (view === null) return <p className="muted">Loading settings…</p>
  return (
    <Fields
      key={JSON.stringify(pick(view.settings))}
      initial={view.settings}
      locked={view.configErrors.length > 0}
      message={message}
      onMessage={setMessage}
    />
  )
}
