import { readFileSync } from 'node:fs'
import type { ApiKeyStatus, EditableSettings, SettingsView } from '../../shared/contract'
import { conflict } from '../errors'
import { writeFileAtomic } from '../home/atomicWrite'
import type { HearthConfig, LoadedConfig } from '../home/config'
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

  /** Merges into config.json, keeping unknown keys. Refuses while the file is malformed. */
  async update(patch: Partial<EditableSettings>): Promise<SettingsView> {
    const loaded = this.load()
    if (loaded.raw === undefined || loaded.errors.length > 0) {
      throw conflict(`config.json has problems, so Hearth will not overwrite it: ${loaded.errors.join(' ')} Fix the file first (${this.paths.config}).`)
    }
    const next = { ...loaded.raw, ...patch }
    writeFileAtomic(this.paths.config, JSON.stringify(next, null, 2) + '\n')
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
  return { model: config.model, baseUrl: config.baseUrl, cacheTtl: config.cacheTtl }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined
}
