import { z } from 'zod'
import { method } from './define'

export const CacheTtl = z.enum(['5m', '1h'])

/** The settings a user edits in the app; the API key is deliberately not among them. */
export const EditableSettings = z.object({
  model: z.string().min(1).max(200),
  baseUrl: z.string().url().nullable(),
  cacheTtl: CacheTtl
})
export type EditableSettings = z.infer<typeof EditableSettings>

export const ApiKeyStatus = z.object({ configured: z.boolean(), protectedByOs: z.boolean() })
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>

export const SettingsView = z.object({
  settings: EditableSettings,
  /** Problems found in config.json, each naming the field; defaults are used for those fields. */
  configErrors: z.array(z.string()),
  configPath: z.string(),
  apiKey: ApiKeyStatus
})
export type SettingsView = z.infer<typeof SettingsView>

export const settingsMethods = {
  'settings.get': method(z.object({}), SettingsView),
  'settings.update': method(EditableSettings.partial(), SettingsView),
  /** Write-only: there is no method that returns the key. */
  'settings.setApiKey': method(z.object({ key: z.string().min(1).max(500) }), ApiKeyStatus)
} as const
