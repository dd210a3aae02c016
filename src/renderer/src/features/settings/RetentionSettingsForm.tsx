import type { ReactNode } from 'react'
import type { EditableSettings } from '../../../../shared/contract'
import { RetentionSettingsFields } from './RetentionSettingsFields'
import { SettingsFormHost } from './SettingsFormHost'

const pickRetention = (settings: EditableSettings): unknown => settings.retention

/** The Retention panel: config.json `retention.idleMinutes` and `retention.minChars`. */
export function RetentionSettingsForm(): ReactNode {
  return <SettingsFormHost pick={pickRetention} fields={RetentionSettingsFields} />
}
