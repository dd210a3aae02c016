import { safeStorage } from 'electron'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../core/home/atomicWrite'
import type { SecretStore } from '../core/ports/secretStore'

/**
 * Keeps the API key encrypted by the OS keychain in Electron's userData folder — outside
 * HEARTH_HOME, so no agent tool that reads the home can ever read it.
 */
export class SafeStorageSecretStore implements SecretStore {
  constructor(private readonly file: string) {}

  get protectedByOs(): boolean {
    return safeStorage.isEncryptionAvailable() && safeStorage.getSelectedStorageBackend?.() !== 'basic_text'
  }

  async getApiKey(): Promise<string | undefined> {
    if (!existsSync(this.file) || !safeStorage.isEncryptionAvailable()) return undefined
    try {
      return safeStorage.decryptString(readFileSync(this.file))
    } catch {
      return undefined
    }
  }

  async setApiKey(key: string): Promise<void> {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('The OS keychain is not available; set ANTHROPIC_API_KEY instead.')
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileAtomic(this.file, safeStorage.encryptString(key))
  }
}
