import { statSync } from 'node:fs'
import { baseUrlProblem, originOf } from '../../../shared/contract'
import type { HearthConfig } from '../../home/config'
import type { ConfigStore } from '../../home/configStore'
import { invalidInput } from '../../errors'
import { decodeSavedApiKey, encodeSavedApiKey, type SecretStore } from '../../ports/secretStore'
import type { EmbeddingEndpoint } from './embeddingClient'

/** The secret-store name of the embedding key (with the origin it was entered for). */
export const EMBEDDING_KEY_NAME = 'embeddings.apiKey'
const KEY_CACHE_MS = 5000

export interface EmbeddingKeyStatus {
  readonly keyConfigured: boolean
  readonly keySource: 'saved' | 'environment' | 'none'
}

export interface EmbeddingConfigInput {
  readonly baseUrl: string | null
  readonly model: string | null
  readonly apiKey?: string | undefined
}

/**
 * Where embeddings come from: `embeddings.baseUrl` and `.model` in config.json, the key in the
 * secret store bound to the origin it was entered for (or HEARTH_EMBEDDINGS_API_KEY). A key is
 * never sent to another origin, nor over plain http to another computer.
 */
export class EmbeddingSettings {
  /** The saved key, read at most every few seconds: a keychain read costs more than a search. */
  private cachedKey: { value: { key: string; origin: string } | undefined; at: number } | null = null
  /** The `embeddings` section with the file's stamp when it was read (every search asks for it). */
  private cachedSection: { stamp: string; value: HearthConfig['embeddings'] } | null = null

  constructor(
    private readonly config: () => HearthConfig,
    private readonly store: ConfigStore,
    private readonly secrets: SecretStore,
    private readonly env: NodeJS.ProcessEnv
  ) {}

  /** The configured endpoint with its key; null when meaning search is off. */
  async endpoint(override?: Partial<EmbeddingConfigInput>): Promise<EmbeddingEndpoint | null> {
    const saved = this.section()
    const baseUrl = override?.baseUrl !== undefined ? override.baseUrl : saved.baseUrl
    const model = override?.model !== undefined ? override.model : saved.model
    if (baseUrl === null || model === null) return null
    const typed = override?.apiKey
    const apiKey = typed !== undefined && typed !== '' ? typed : await this.keyFor(baseUrl)
    return { baseUrl, model, apiKey }
  }

  async keyStatus(): Promise<EmbeddingKeyStatus> {
    const { baseUrl } = this.section()
    if (baseUrl === null) return { keyConfigured: false, keySource: 'none' }
    const saved = await this.savedKey()
    if (saved !== undefined && saved.origin === originOf(baseUrl))
      return { keyConfigured: true, keySource: 'saved' }
    if (this.envKey() !== undefined) return { keyConfigured: true, keySource: 'environment' }
    return { keyConfigured: false, keySource: 'none' }
  }

  /** Saves the endpoint in config.json and, when given, the key bound to its origin ('' deletes it). */
  async save(input: EmbeddingConfigInput): Promise<void> {
    if (input.baseUrl !== null && baseUrlProblem(input.baseUrl) !== undefined)
      throw invalidInput(baseUrlProblem(input.baseUrl) as string)
    if (input.apiKey !== undefined) {
      if (input.apiKey.trim() === '') await this.secrets.setSecret(EMBEDDING_KEY_NAME, undefined)
      else if (input.baseUrl === null) throw invalidInput('Enter the base URL the key is for first.')
      else
        await this.secrets.setSecret(
          EMBEDDING_KEY_NAME,
          encodeSavedApiKey({ key: input.apiKey.trim(), origin: originOf(input.baseUrl) })
        )
    }
    this.cachedKey = null
    await this.store.patch({ embeddings: { baseUrl: input.baseUrl, model: input.model } })
  }

  /**
   * The `embeddings` section of config.json, parsed again only when the file changed: a stat
   * costs a few microseconds, reading and validating the whole file a few hundred. Any write
   * (Hearth's own replace a file, an editor's in place) changes its inode, size or times.
   */
  private section(): HearthConfig['embeddings'] {
    const stamp = fileStamp(this.store.path)
    if (stamp === null || this.cachedSection?.stamp !== stamp) {
      const value = this.config().embeddings
      this.cachedSection = stamp === null ? null : { stamp, value }
      return value
    }
    return this.cachedSection.value
  }

  private async keyFor(baseUrl: string): Promise<string | undefined> {
    const saved = await this.savedKey()
    if (saved !== undefined && saved.origin === originOf(baseUrl)) return saved.key
    return this.envKey()
  }

  private async savedKey(): Promise<{ key: string; origin: string } | undefined> {
    const now = Date.now()
    if (this.cachedKey && now - this.cachedKey.at < KEY_CACHE_MS) return this.cachedKey.value
    const text = await this.secrets.getSecret(EMBEDDING_KEY_NAME)
    const value = text === undefined ? undefined : decodeSavedApiKey(text, '')
    this.cachedKey = { value, at: now }
    return value
  }

  private envKey(): string | undefined {
    const key = this.env.HEARTH_EMBEDDINGS_API_KEY?.trim()
    return key ? key : undefined
  }
}

/** What changes whenever the file does, or null when it cannot be read (then the file is read each time). */
function fileStamp(path: string): string | null {
  try {
    const stat = statSync(path, { bigint: true, throwIfNoEntry: false })
    return stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}` : null
  } catch {
    // Unreadable: read it each time, as before, and let the config loader report the problem.
    return null
  }
}
