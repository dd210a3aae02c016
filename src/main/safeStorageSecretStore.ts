import { safeStorage } from 'electron'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { writeFileAtomic } from '../core/home/atomicWrite'
import { decodeSavedApiKey, encodeSavedApiKey, type SavedApiKey, type SecretStore, type SecretStoreInfo } from '../core/ports/secretStore'
import { ANTHROPIC_ORIGIN } from '../shared/contract/baseUrl'

/**
 * Keeps the API key encrypted by the OS keychain in Electron's userData folder — outside
 * HEARTH_HOME, so no agent tool that reads the home can ever read it.
 */
export class SafeStorageSecretStore implements SecretStore {
  constructor(private readonly file: string) {}

  async describe(): Promise<SecretStoreInfo> {
    const available = safeStorage.isEncryptionAvailable()
    return {
      protectedByOs: available,
      persistent: available,
      where: available ? 'the OS keychain (Electron safeStorage)' : "this process's memory only",
      limitation: available ? null : 'The OS keychain is not available.'
    }
  }

  async getApiKey(): Promise<SavedApiKey | undefined> {
    if (!existsSync(this.file) || !safeStorage.isEncryptionAvailable()) return undefined
    try {
      return decodeSavedApiKey(safeStorage.decryptString(readFileSync(this.file)), ANTHROPIC_ORIGIN)
    } catch {
      return undefined
    }
  }

  async setApiKey(saved: SavedApiKey): Promise<void> {
    if (!safeStorage.isEncryptionAvailable()) throw new Error('The OS keychain is not available; set ANTHROPIC_API_KEY instead.')
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileAtomic(this.file, safeStorage.encryptString(encodeSavedApiKey(saved)))
  }
}
