import { AsyncEntry, type EntryOptions } from '@napi-rs/keyring'
import { ANTHROPIC_ORIGIN } from '../../../shared/contract/baseUrl'
import {
  decodeSavedApiKey,
  encodeSavedApiKey,
  MemorySecretStore,
  type SavedApiKey,
  type SecretStore,
  type SecretStoreInfo
} from '../../ports/secretStore'

/** One keychain item per Hearth home, so a test home or a second home never sees another's key. */
export const KEYRING_SERVICE = 'Hearth'

/** A keychain that does not answer in this long is treated as absent (a stuck D-Bus must not hang a turn). */
const KEYRING_TIMEOUT_MS = 5000

/** What a missing keychain means for a key, in plain words (the system's own message is `detail`). */
export const NO_KEYCHAIN =
  'Hearth found no OS keychain to keep the key in, so a key entered here is kept in memory only and is forgotten when Hearth stops. To keep a key, set ANTHROPIC_API_KEY before starting Hearth.'

/** What the OS offers, named for the user. */
function keychainName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain'
  if (platform === 'win32') return 'the Windows Credential Manager'
  return 'the OS keychain (Secret Service)'
}

/**
 * On Linux only the Secret Service counts (GNOME Keyring, KWallet, KeePassXC): the library's
 * fallback, the kernel keyring, lives only as long as the login session and would lose the key
 * on the next restart while claiming to keep it.
 */
function entryOptions(platform: NodeJS.Platform): EntryOptions | undefined {
  return platform === 'linux' ? { linux: { store: 'secret-service' } } : undefined
}

type Keychain = { readonly entry: AsyncEntry } | { readonly unavailable: string }

/**
 * The API key in the OS keychain (through @napi-rs/keyring), for the hosts without Electron:
 * `hearth serve` and the CLI. Where there is no keychain (a headless Linux without a Secret
 * Service, a locked keyring) the key is held in memory and `describe()` says so, with the reason.
 */
export class KeyringSecretStore implements SecretStore {
  private keychain: Promise<Keychain> | undefined
  private readonly memory = new MemorySecretStore()

  constructor(
    /** The item's account name: the absolute home path. */
    private readonly account: string,
    private readonly platform: NodeJS.Platform = process.platform
  ) {}

  async getApiKey(): Promise<SavedApiKey | undefined> {
    const keychain = await this.open()
    if ('unavailable' in keychain) return this.memory.getApiKey()
    try {
      const text = await keychain.entry.getPassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS))
      return text === null ? this.memory.getApiKey() : decodeSavedApiKey(text, ANTHROPIC_ORIGIN)
    } catch (error) {
      this.giveUp(error)
      return this.memory.getApiKey()
    }
  }

  async setApiKey(saved: SavedApiKey): Promise<void> {
    await this.memory.setApiKey(saved)
    const keychain = await this.open()
    if ('unavailable' in keychain) return
    try {
      await keychain.entry.setPassword(encodeSavedApiKey(saved), AbortSignal.timeout(KEYRING_TIMEOUT_MS))
    } catch (error) {
      // The key stays usable from memory; describe() now says it will not survive a restart.
      this.giveUp(error)
    }
  }

  async describe(): Promise<SecretStoreInfo> {
    const keychain = await this.open()
    if ('unavailable' in keychain) {
      return {
        protectedByOs: false,
        persistent: false,
        where: "this process's memory only",
        limitation: NO_KEYCHAIN,
        detail: keychain.unavailable
      }
    }
    return { protectedByOs: true, persistent: true, where: keychainName(this.platform), limitation: null }
  }

  /** A named secret is its own keychain item (`<home>#<name>`), held in memory where there is no keychain. */
  async getSecret(name: string): Promise<string | undefined> {
    const keychain = await this.open()
    if ('unavailable' in keychain) return this.memory.getSecret(name)
    try {
      const text = await this.secretEntry(name).getPassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS))
      return text ?? this.memory.getSecret(name)
    } catch (error) {
      this.giveUp(error)
      return this.memory.getSecret(name)
    }
  }

  async setSecret(name: string, value: string | undefined): Promise<void> {
    await this.memory.setSecret(name, value)
    const keychain = await this.open()
    if ('unavailable' in keychain) return
    try {
      const entry = this.secretEntry(name)
      if (value === undefined) await entry.deletePassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS))
      else await entry.setPassword(value, AbortSignal.timeout(KEYRING_TIMEOUT_MS))
    } catch (error) {
      // Kept in memory for this process; describe() now says nothing survives a restart.
      this.giveUp(error)
    }
  }

  private secretEntry(name: string): AsyncEntry {
    return new AsyncEntry(KEYRING_SERVICE, `${this.account}#${name}`, entryOptions(this.platform))
  }

  /** Opens the item once, probing with a read so "no keychain" is known before a key is typed. */
  private open(): Promise<Keychain> {
    this.keychain ??= probe(this.account, this.platform)
    return this.keychain
  }

  private giveUp(error: unknown): void {
    this.keychain = Promise.resolve({ unavailable: reasonOf(error) })
  }
}

async function probe(account: string, platform: NodeJS.Platform): Promise<Keychain> {
  try {
    const entry = new AsyncEntry(KEYRING_SERVICE, account, entryOptions(platform))
    await entry.getPassword(AbortSignal.timeout(KEYRING_TIMEOUT_MS))
    return { entry }
  } catch (error) {
    return { unavailable: reasonOf(error) }
  }
}

/** The library's message, shortened to its first clause (D-Bus errors run long). */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const first = message.split(/[,;\n]/)[0]?.trim() ?? message
  return first.length > 160 ? `${first.slice(0, 157)}…` : first
}
