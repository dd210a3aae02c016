import type {
  ApiKeyStatus,
  EditableSettings,
  ModelEndpoint,
  SettingsPatch,
  SettingsView
} from '../../shared/contract'
import type { HearthConfig, LoadedConfig } from '../home/config'
import type { ConfigStore } from '../home/configStore'
import type { SecretStore } from '../ports/secretStore'
import { mcpConfigSecrets } from '../backup/configSecrets'
import { EMBEDDING_KEY_NAME } from '../knowledge/embeddings/embeddingSettings'
import { decodeSavedApiKey } from '../ports/secretStore'
import { readSecretHeaders } from '../tools/mcp/mcpSecrets'
import { isPlainObject } from '../tools/schemaCheck'
import { ApiKeys, type ModelCredentials } from './apiKeys'

/** Shorter values (a header like "1") would match everywhere and protect nothing. */
const MIN_SECRET_CHARS = 8

/** Settings live in config.json (never the key) and the key lives in the SecretStore. */
export class SettingsService {
  private readonly keys: ApiKeys

  constructor(
    private readonly store: ConfigStore,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv = process.env
  ) {
    this.keys = new ApiKeys(secrets, () => this.config().baseUrl, env)
  }

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
      endpoint: this.endpointView(),
      configErrors: [...loaded.errors],
      configPath: this.store.path,
      apiKey: await this.apiKeyStatus()
    }
  }

  private endpointView(): ModelEndpoint {
    const endpoint = this.keys.endpoint()
    return { url: endpoint.baseUrl ?? endpoint.origin, source: endpoint.source }
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

  /** Saves the key bound to the origin requests go to now (see ApiKeys). */
  async setApiKey(key: string): Promise<ApiKeyStatus> {
    return this.keys.save(key)
  }

  /**
   * The key and base URL for a model client. The base URL comes from config.json, else
   * ANTHROPIC_BASE_URL, else the SDK default; the key is one bound to that origin, or none.
   */
  async modelCredentials(): Promise<ModelCredentials> {
    return this.keys.forModel()
  }

  /** Every API key this process knows, so exports and backups can prove they hold none. */
  async knownApiKeys(): Promise<string[]> {
    return this.keys.knownKeys()
  }

  /**
   * Every secret this process knows, for exports and backups to prove they hold none: the API
   * keys, the embedding endpoint's key (saved or HEARTH_EMBEDDINGS_API_KEY), the header values
   * of every MCP server named in config.json (kept in the secret store), and the `env` and header
   * values written in its entries (as written, and as their `${VAR}` expand).
   */
  async knownSecrets(): Promise<string[]> {
    const found = await this.knownApiKeys()
    const add = (value: unknown): void => {
      if (typeof value === 'string' && value.trim().length >= MIN_SECRET_CHARS) found.push(value.trim())
    }
    const embedding = await this.secrets.getSecret(EMBEDDING_KEY_NAME)
    if (embedding !== undefined) add(decodeSavedApiKey(embedding, '')?.key)
    add(this.env.HEARTH_EMBEDDINGS_API_KEY)
    const servers = this.config().mcpServers
    for (const value of mcpConfigSecrets(servers, this.env)) add(value)
    if (isPlainObject(servers))
      for (const name of Object.keys(servers)) {
        for (const value of Object.values(await readSecretHeaders(this.secrets, name))) {
          add(value)
          add(value.replace(/^(Bearer|Basic|Token)\s+/i, ''))
        }
      }
    return [...new Set(found)]
  }

  async apiKeyStatus(): Promise<ApiKeyStatus> {
    return this.keys.status()
  }
}

function pickEditable(config: HearthConfig): EditableSettings {
  return {
    model: config.model,
    provider: config.provider,
    baseUrl: config.baseUrl,
    cacheTtl: config.cacheTtl,
    context_file_max_chars: config.context_file_max_chars,
    memory: {
      memoryCharLimit: config.memory.memoryCharLimit,
      userCharLimit: config.memory.userCharLimit,
      agentWrites: config.memory.agentWrites
    },
    recall: { k: config.recall.k },
    retention: { idleMinutes: config.retention.idleMinutes, minChars: config.retention.minChars }
  }
}
