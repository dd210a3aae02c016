import type { ApiKeyStatus, EditableSettings, SettingsPatch, SettingsView } from '../../shared/contract'
import type { HearthConfig, LoadedConfig } from '../home/config'
import type { ConfigStore } from '../home/configStore'
import type { SecretStore } from '../ports/secretStore'

/** Settings live in config.json (never the key) and the key lives in the SecretStore. */
export class SettingsService {
  constructor(
    private readonly store: ConfigStore,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {}

  /** Read fresh each time: the CLI, another window or the user's editor may have changed it. */
  load(): LoadedConfig {
    return this.store.read()
  }

  config(): HearthConfig {
    return this.load().config
  }

  async view(): Promise<SettingsView> {
    const loaded = this.load()
    return {
      settings: pickEditable(loaded.config),
      configErrors: [...loaded.errors],
      configPath: this.store.path,
      apiKey: await this.apiKeyStatus()
    }
  }

  /**
   * Merges into config.json, keeping unknown keys at every level: nested groups (memory, recall,
   * retention) are merged sub-key by sub-key. Refuses while the file is malformed, and refuses a
   * result that would not load cleanly, so a save never turns a good file into a bad one.
   */
  async update(patch: SettingsPatch): Promise<SettingsView> {
    await this.store.patch(patch)
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
}

function pickEditable(config: HearthConfig): EditableSettings {
  return {
    model: config.model,
    provider: config.provider,
    baseUrl: config.baseUrl,
    cacheTtl: config.cacheTtl,
    context_file_max_chars: config.context_file_max_chars,
    memory: { memoryCharLimit: config.memory.memoryCharLimit, userCharLimit: config.memory.userCharLimit, agentWrites: config.memory.agentWrites },
    recall: { k: config.recall.k },
    retention: { idleMinutes: config.retention.idleMinutes }
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value : undefined
}
