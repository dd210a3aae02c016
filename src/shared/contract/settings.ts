import { z } from 'zod'
import { BaseUrl } from './baseUrl'
import { method } from './define'

/** How long a prompt-cache entry lives: the two TTLs the Messages API offers (the only definition). */
export const CacheTtl = z.enum(['5m', '1h'])
export type CacheTtl = z.infer<typeof CacheTtl>
/** The TTL setting: `auto` follows the user's pauses (per breakpoint), `5m` / `1h` fix one TTL for every breakpoint. */
export const CacheTtlPolicy = z.enum(['auto', '5m', '1h'])
export type CacheTtlPolicy = z.infer<typeof CacheTtlPolicy>

/*
 * The bounds below repeat CONFIG_SHAPE in core/home/config.ts (shared may not import core);
 * settingsService.test.ts checks that both accept and refuse the same edge values.
 */

/** Character budgets of MEMORY.md and USER.md: the memory tool refuses writes past them. */
export const MemoryLimits = z.object({
  memoryCharLimit: z.number().int().positive(),
  userCharLimit: z.number().int().positive()
})
export type MemoryLimits = z.infer<typeof MemoryLimits>

/** What happens to the agent's own memory-tool writes: saved with a receipt (default), or asked for in Review first. */
export const MemoryWriteMode = z.enum(['receipt', 'ask'])
export type MemoryWriteMode = z.infer<typeof MemoryWriteMode>

/** The memory group of config.json: the budgets and how agent writes are made. */
export const MemorySettings = MemoryLimits.extend({ agentWrites: MemoryWriteMode })
export type MemorySettings = z.infer<typeof MemorySettings>

/** How many memories recall injects per turn; 0 turns recall off. */
export const RecallSettings = z.object({ k: z.number().int().min(0).max(50) })
export type RecallSettings = z.infer<typeof RecallSettings>

/**
 * When sessions end on their own and which are read by retention: `idleMinutes` before an idle
 * session ends (0 = only on explicit end or quit); `minChars`, the size below which a chat closed
 * on quit or idle is ended without retention (a chat with no reply, or only errors, never is read).
 */
export const RetentionSettings = z.object({
  idleMinutes: z.number().int().min(0),
  minChars: z.number().int().min(0).max(1_000_000)
})
export type RetentionSettings = z.infer<typeof RetentionSettings>

/** The settings a user edits in the app; the API key is deliberately not among them. */
export const EditableSettings = z.object({
  model: z.string().min(1).max(200),
  provider: z.string().min(1).max(100),
  /** https anywhere, plain http only to this computer; the key goes only to the origin it was saved for. */
  baseUrl: BaseUrl.nullable(),
  cacheTtl: CacheTtlPolicy,
  /** Per-file character cap for context files; null = scale with the model's context window. */
  context_file_max_chars: z.number().int().positive().nullable(),
  memory: MemorySettings,
  recall: RecallSettings,
  retention: RetentionSettings
})
export type EditableSettings = z.infer<typeof EditableSettings>

/**
 * A change to some settings. Nested groups are partial too: the core merges them key by key into
 * config.json, so `{ memory: { memoryCharLimit } }` keeps userCharLimit and any unknown sub-keys.
 */
export const SettingsPatch = EditableSettings.extend({
  memory: MemorySettings.partial(),
  recall: RecallSettings.partial(),
  retention: RetentionSettings.partial()
}).partial()
export type SettingsPatch = z.infer<typeof SettingsPatch>

/**
 * What the renderer may know about the key: never the key itself. `origin` is where requests
 * (and so the key) go now; `savedFor` is the origin a saved key is bound to, which differs from
 * `origin` after the base URL moved, until the key is entered again.
 */
export const ApiKeyStatus = z.object({
  /** A key will be sent with the next request, to `origin`. */
  configured: z.boolean(),
  /** The key in use is protected by the OS keychain. */
  protectedByOs: z.boolean(),
  origin: z.string(),
  /** Where the key in use comes from. */
  source: z.enum(['saved', 'environment', 'none']),
  /** The origin of the saved key in use, else of the last key saved; null when none is saved. */
  savedFor: z.string().nullable(),
  /** Every origin a key is saved for (one key per origin), so Settings can say which endpoint each belongs to. */
  savedOrigins: z.array(z.string()),
  /** How a key entered now is kept, e.g. "the OS keychain (Secret Service)" or "this process's memory only". */
  storage: z.string(),
  /** True when a key entered now survives a restart. */
  persistent: z.boolean(),
  /** A sentence to show when the key cannot be used as things stand; null when all is well. */
  notice: z.string().nullable(),
  /**
   * Said only when it applies: a key entered here (or the saved key in use) is kept in memory only,
   * in plain words. Null when the key is kept by the OS, or comes from ANTHROPIC_API_KEY.
   */
  storageNote: z.string().nullable(),
  /** What the system said when the OS keychain could not be used, shown on request beside the note. */
  storageDetail: z.string().nullable()
})
export type ApiKeyStatus = z.infer<typeof ApiKeyStatus>

/** Where model requests go now, and which setting chose it (shown when the Base URL field is empty). */
export const ModelEndpoint = z.object({
  url: z.string(),
  source: z.enum(['config.json', 'ANTHROPIC_BASE_URL', 'default'])
})
export type ModelEndpoint = z.infer<typeof ModelEndpoint>

export const SettingsView = z.object({
  settings: EditableSettings,
  endpoint: ModelEndpoint,
  /** Problems found in config.json, each naming the field; defaults are used for those fields. */
  configErrors: z.array(z.string()),
  configPath: z.string(),
  apiKey: ApiKeyStatus
})
export type SettingsView = z.infer<typeof SettingsView>

export const settingsMethods = {
  'settings.get': method(z.object({}), SettingsView),
  'settings.update': method(SettingsPatch, SettingsView),
  /** Write-only: there is no method that returns the key. */
  'settings.setApiKey': method(z.object({ key: z.string().min(1).max(500) }), ApiKeyStatus)
} as const
