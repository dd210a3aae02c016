/**
 * Where the API key lives. Electron uses safeStorage; the CLI and web host keep it in memory
 * (seeded from ANTHROPIC_API_KEY). No implementation ever writes the key under HEARTH_HOME.
 */
export interface SecretStore {
  getApiKey(): Promise<string | undefined>
  setApiKey(key: string): Promise<void>
  /** True when the key is encrypted by the OS keychain rather than held in plain memory/env. */
  readonly protectedByOs: boolean
}

export class MemorySecretStore implements SecretStore {
  readonly protectedByOs = false
  constructor(private key: string | undefined = undefined) {}
  async getApiKey(): Promise<string | undefined> {
    return this.key
  }
  async setApiKey(key: string): Promise<void> {
    this.key = key
  }
}
