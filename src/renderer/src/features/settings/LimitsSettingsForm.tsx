import type { ReactNode } from 'react'
import type { EditableSettings } from '../../../../shared/contract'
import { LimitsSettingsFields } from './LimitsSettingsFields'
import { SettingsFormHost } from './SettingsFormHost'

const pickLimits = (settings: EditableSettings): unknown => [
  settings.memory,
  settings.context_file_max_chars,
  settings.recall
]

/** The Limits panel: memory budgets, context file cap, recall k (config.json `memory`, `context_file_max_chars`, `recall`). */
export function LimitsSettingsForm(): ReactNode {
  return <SettingsFormHost pick={pickLimits} fields={LimitsSettingsFields} />
}
