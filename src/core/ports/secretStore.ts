import { z } from 'zod'

/**
 * A saved API key and the origin it was saved for. The key is only ever sent to that origin:
 * pointing the base URL somewhere else does not take the key along (it must be entered again).
 * The origin lives with the key inside the secret store, so editing config.json cannot move it.
 */
export interface SavedApiKey {
  readonly key: string
  /** `scheme://host[:port]` as `new URL(...).origin` writes it. */
  readonly origin: string
}

/** How a store keeps a key, for the user to read (Settings, the first lines of `hearth serve`). */
export interface SecretStoreInfo {
  /** True when the OS keychain (or OS-backed encryption) protects the saved key. */
  readonly protectedByOs: boolean
  /** True when a saved key survives a restart of this process. */
  readonly persistent: boolean
  /** What holds the key, e.g. "the OS keychain (Secret Service)" or "this process's memory only". */
  readonly where: string
  /** Set when the OS keychain could not be used: what that means for a key, in plain words. */
  readonly limitation: string | null
  /** What the system said when the keychain could not be used (e.g. a D-Bus error), for those who ask. */
  readonly detail?: string | null
}

/**
 * Where the API key lives. Electron uses safeStorage; the CLI and the web host use the OS
 * keychain where there is one, else memory. No implementation ever writes the key under HEARTH_HOME.
 */
export interface SecretStore {
  getApiKey(): Promise<SavedApiKey | undefined>
  setApiKey(saved: SavedApiKey): Promise<void>
  describe(): Promise<SecretStoreInfo>
  /** Another secret by name (an MCP server's headers, a bearer token); undefined when absent. */
  getSecret(name: string): Promise<string | undefined>
  /** Stores a named secret; `undefined` deletes it. */
  setSecret(name: string, value: string | undefined): Promise<void>
}

export const MEMORY_ONLY = "this process's memory only"

/** Keeps the key for the life of the process; what the others fall back to. */
export class MemorySecretStore implements SecretStore {
  constructor(
    private saved: SavedApiKey | undefined = undefined,
    private readonly limitation: string | null = null
  ) {}
  async getApiKey(): Promise<SavedApiKey | undefined> {
    return this.saved
  }
  async setApiKey(saved: SavedApiKey): Promise<void> {
    this.saved = saved
  }
  async describe(): Promise<SecretStoreInfo> {
    return { protectedByOs: false, persistent: false, where: MEMORY_ONLY, limitation: this.limitation }
  }
  private readonly named = new Map<string, string>()
  async getSecret(name: string): Promise<string | undefined> {
    return this.named.get(name)
  }
  async setSecret(name: string, value: string | undefined): Promise<void> {
    if (value === undefined) this.named.delete(name)
    else this.named.set(name, value)
  }
}

/** The secret-store text of a saved key: JSON, so the origin travels with it. */
export function encodeSavedApiKey(saved: SavedApiKey): string {
  return JSON.stringify({ version: 1, key: saved.key, origin: saved.origin })
}

/**
 * Reads what `encodeSavedApiKey` wrote. A bare key from before keys were bound to an origin is
 * taken as bound to Anthropic's own API (where the SDK sent it by default): a gateway user then
 * enters the key once more, rather than Hearth guessing where an old key may go.
 */
export function decodeSavedApiKey(text: string, defaultOrigin: string): SavedApiKey | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  if (!trimmed.startsWith('{')) return { key: trimmed, origin: defaultOrigin }
  try {
    const parsed = JSON.parse(trimmed) as { key?: unknown; origin?: unknown }
    return typeof parsed.key === 'string' && typeof parsed.origin === 'string' && parsed.key !== ''
      ? { key: parsed.key, origin: parsed.origin }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The secret-store text of the keys saved for origins other than the one in use: one key per
 * origin, so pointing the base URL back finds the key entered for it.
 */
export function encodeSavedApiKeys(keys: readonly SavedApiKey[]): string {
  return JSON.stringify({ version: 1, keys: keys.map((saved) => ({ key: saved.key, origin: saved.origin })) })
}

const SavedApiKeys = z.object({
  keys: z.array(z.object({ key: z.string().min(1), origin: z.string().min(1) }))
})

/** Reads what `encodeSavedApiKeys` wrote; anything else is no keys (never a guess). */
export function decodeSavedApiKeys(text: string | undefined): SavedApiKey[] {
  if (text === undefined) return []
  try {
    const parsed = SavedApiKeys.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data.keys : []
  } catch {
    // Not JSON: a damaged entry holds no key Hearth could trust.
    return []
  }
}
