import { safeStorage } from 'electron'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../core/home/atomicWrite'
import {
  decodeSavedApiKey,
  encodeSavedApiKey,
  MEMORY_ONLY,
  MemorySecretStore,
  type SavedApiKey,
  type SecretStore,
  type SecretStoreInfo
} from '../core/ports/secretStore'
import { ANTHROPIC_ORIGIN } from '../shared/contract/baseUrl'

/** Whether safeStorage really protects a key here, and if not, why. */
type Backend = { readonly protectedByOs: true } | { readonly protectedByOs: false; readonly reason: string }

/**
 * Chromium's Linux prefix for data encrypted with its built-in password (`basic_text`);
 * data a keyring protects starts with "v11" and is left alone for a run where the keyring is back.
 */
const BUILT_IN_PASSWORD_PREFIX = 'v10'

/**
 * Keeps the API key encrypted by the OS keychain in Electron's userData folder — outside
 * HEARTH_HOME, so no agent tool that reads the home can ever read it. On Linux without a keyring
 * Electron falls back to `basic_text`, a password compiled into Electron itself: encrypting with
 * it only looks like protection, so the key is then never written (it stays in memory until
 * Hearth quits, and Settings says so). A file an older run wrote that way is read into memory
 * once and removed, so the key is not lost for this run and no longer lies on disk.
 */
export class SafeStorageSecretStore implements SecretStore {
  private readonly memory = new MemorySecretStore()
  private backendCheck: Promise<Backend> | undefined

  constructor(
    private readonly file: string,
    private readonly platform: NodeJS.Platform = process.platform
  ) {}

  async describe(): Promise<SecretStoreInfo> {
    const backend = await this.backend()
    if (backend.protectedByOs)
      return {
        protectedByOs: true,
        persistent: true,
        where: 'the OS keychain (Electron safeStorage)',
        limitation: null
      }
    return {
      protectedByOs: false,
      persistent: false,
      where: MEMORY_ONLY,
      limitation: `${backend.reason}, so Hearth does not save the key: one entered here is kept in memory only until Hearth quits. Set ANTHROPIC_API_KEY to keep one, or unlock your keyring and restart Hearth.`
    }
  }

  async getApiKey(): Promise<SavedApiKey | undefined> {
    const backend = await this.backend()
    if (!backend.protectedByOs || !existsSync(this.file)) return this.memory.getApiKey()
    const { result, shouldReEncrypt } = await this.decryptFile()
    const saved = result === undefined ? undefined : decodeSavedApiKey(result, ANTHROPIC_ORIGIN)
    if (saved !== undefined && shouldReEncrypt) await this.setApiKey(saved)
    return saved
  }

  async setApiKey(saved: SavedApiKey): Promise<void> {
    const backend = await this.backend()
    if (!backend.protectedByOs) return this.memory.setApiKey(saved)
    mkdirSync(dirname(this.file), { recursive: true })
    writeFileAtomic(this.file, await safeStorage.encryptStringAsync(encodeSavedApiKey(saved)))
  }

  /** A named secret (an MCP server's headers): its own encrypted file beside the key, or memory only where the key would be. */
  async getSecret(name: string): Promise<string | undefined> {
    const backend = await this.backend()
    const file = this.secretFile(name)
    if (!backend.protectedByOs || !existsSync(file)) return this.memory.getSecret(name)
    try {
      return (await safeStorage.decryptStringAsync(readFileSync(file))).result
    } catch {
      // Encrypted under another keyring or damaged: as good as not saved.
      return undefined
    }
  }

  async setSecret(name: string, value: string | undefined): Promise<void> {
    await this.memory.setSecret(name, value)
    const file = this.secretFile(name)
    if (value === undefined) {
      rmSync(file, { force: true })
      return
    }
    if (!(await this.backend()).protectedByOs) return
    mkdirSync(dirname(file), { recursive: true })
    writeFileAtomic(file, await safeStorage.encryptStringAsync(value))
  }

  /** The name is hashed so the file name says nothing about the server. */
  private secretFile(name: string): string {
    return join(
      dirname(this.file),
      'secrets',
      `${createHash('sha256').update(name).digest('hex').slice(0, 32)}.bin`
    )
  }

  private async decryptFile(): Promise<{ result: string | undefined; shouldReEncrypt: boolean }> {
    try {
      return await safeStorage.decryptStringAsync(readFileSync(this.file))
    } catch {
      // Encrypted under another keyring or damaged: as good as no saved key.
      return { result: undefined, shouldReEncrypt: false }
    }
  }

  private backend(): Promise<Backend> {
    this.backendCheck ??= this.checkBackend()
    return this.backendCheck
  }

  private async checkBackend(): Promise<Backend> {
    if (!(await safeStorage.isAsyncEncryptionAvailable()))
      return { protectedByOs: false, reason: 'The OS offers Electron no encryption for secrets' }
    if (this.platform !== 'linux') return { protectedByOs: true }
    const selected = safeStorage.getSelectedStorageBackend()
    if (selected === 'basic_text' || selected === 'unknown') {
      if (selected === 'basic_text') await this.rescueFileUnderBuiltInPassword()
      return {
        protectedByOs: false,
        reason:
          'No keyring (GNOME Keyring or KWallet) is available to Hearth, and the fallback Electron offers encrypts with a password built into Electron, which protects nothing'
      }
    }
    return { protectedByOs: true }
  }

  /** Moves a key an older run saved under the built-in password into memory and off the disk. */
  private async rescueFileUnderBuiltInPassword(): Promise<void> {
    if (
      !existsSync(this.file) ||
      readFileSync(this.file).subarray(0, 3).toString('latin1') !== BUILT_IN_PASSWORD_PREFIX
    )
      return
    const { result } = await this.decryptFile()
    const saved = result === undefined ? undefined : decodeSavedApiKey(result, ANTHROPIC_ORIGIN)
    if (saved !== undefined) await this.memory.setApiKey(saved)
    rmSync(this.file, { force: true })
  }
}
