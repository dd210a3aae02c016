import { readFileSync } from 'node:fs'
import type { ApiKeyStatus, EditableSettings, SettingsPatch, SettingsView } from '../../shared/contract'
import { conflict, invalidInput } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import { parseConfig, type HearthConfig, type LoadedConfig } from '../home/config'
import { loadConfig } from '../home/home'
import type { HomePaths } from '../home/homePaths'
import type { SecretStore } from '../ports/secretStore'

/** Settings live in config.json (never the key) and the key lives in the SecretStore. */
export class SettingsService {
  constructor(
    private readonly paths: HomePaths,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  /** Read fresh each time: the CLI, another window or the user's editor may have changed it. */
  load(): LoadedConfig {
    return loadConfig(this.paths)
  }

  config(): HearthConfig {
    return this.load().config
  }

  async view(): Promise<SettingsView> {
    const loaded = this.load()
    return {
      settings: pickEditable(loaded.config),
      configErrors: [...loaded.errors],
      configPath: this.paths.config,
      apiKey: await this.apiKeyStatus()
    }
  }

  /**
   * Merges into config.json, keeping unknown keys at every level: nested groups (memory, recall,
   * retention) are merged sub-key by sub-key. Refuses while the file is malformed, and refuses a
   * result that would not load cleanly, so a save never turns a good file into a bad one.
   */
  async update(patch: SettingsPatch): Promise<SettingsView> {
    const loaded = this.load()
    if (loaded.raw === undefined || loaded.errors.length > 0) {
      throw conflict(`config.json has problems, so Hearth will not overwrite it: ${loaded.errors.join(' ')} Fix the file first (${this.paths.config}).`)
    }
    const text = JSON.stringify(mergeSettings(loaded.raw, patch), null, 2) + '\n'
    const problems = parseConfig(text).errors
    if (problems.length > 0) throw invalidInput(`These settings were not saved: ${problems.join(' ')}`)
    writeFileAtomic(this.paths.config, text)
    return this.view()
  }

  async setApiKey(key: string): Promise<ApiKeyStatus> {
    await this.secrets.setApiKey(key.trim())
    return this.apiKeyStatus()
  }

  /** The key for the model client: the secret store first, then ANTHROPIC_API_KEY. */
  async apiKey(): Promise<string | undefined> {
    return (await this.secrets.getApiKey()) ?? nonEmpty(this.env.ANTHROPIC_API_KEY)
  }

  /** Base URL: config.json, else ANTHROPIC_BASE_URL, else the SDK default. */
  baseUrl(): string | undefined {
    return this.config().baseUrl ?? nonEmpty(this.env.ANTHROPIC_BASE_URL)
  }

  private async apiKeyStatus(): Promise<ApiKeyStatus> {
    const stored = await this.secrets.getApiKey()
    return { configured: (stored ?? nonEmpty(this.env.ANTHROPIC_API_KEY)) !== undefined, protectedByOs: stored !== undefined && this.secrets.protectedByOs }
  }

  /** The raw text of config.json (for diagnostics). */
  rawText(): string {
    try {
      return readFileSync(this.paths.config, 'utf8')
    } catch {
      return ''
    }
  }
}

function pickEditable(config: HearthConfig): EditableSettings {
  return {
    model: config.model,
    provider: config.provider,
    baseUrl: config.baseUrl,
    cacheTtl: config.cacheTtl,
    context_file_max_chars: config.context_file_max_chars,
    memory: { memoryCharLimit: config.memory.memoryCharLimit, userCharLimit: config.memory.userCharLimit },
    recall: { k: config.recall.k },
    retention: { idleMinutes: config.retention.idleMinutes }
  }
}

const NESTED_GROUPS = new Set(['memory', 'recall', 'retention'])

/** The raw config with the patch applied; nested groups keep the sub-keys the patch does not name. */
export function mergeSettings(raw: Readonly<Record<string, unknown>>, patch: SettingsPatch): Record<string, unknown> {
  const next: Record<string, unknown> = { ...raw }
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    next[key] = NESTED_GROUPS.has(key) ? { ...asObject(raw[key]), ...withoutUndefined(value as object) } : value
  }
  return next
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function withoutUndefined(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined
}
