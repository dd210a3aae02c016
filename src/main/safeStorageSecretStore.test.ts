import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'

type Backend = 'basic_text' | 'gnome_libsecret' | 'unknown'

/**
 * A safeStorage stand-in that marks what it encrypts the way Chromium does on Linux: "v10" for
 * the built-in password (basic_text), "v11" for a keyring.
 */
const safe = vi.hoisted(() => ({
  available: true,
  backend: 'gnome_libsecret' as Backend,
  reEncrypt: false,
  encrypted: 0
}))
vi.mock('electron', () => ({
  safeStorage: {
    isAsyncEncryptionAvailable: async () => safe.available,
    getSelectedStorageBackend: () => safe.backend,
    encryptStringAsync: async (text: string) => {
      safe.encrypted += 1
      return Buffer.from(
        `${safe.backend === 'basic_text' ? 'v10' : 'v11'}${Buffer.from(text).toString('base64')}`
      )
    },
    decryptStringAsync: async (data: Buffer) => {
      const text = data.toString('latin1')
      if (!/^v1[01]/.test(text)) throw new Error('not encrypted by safeStorage')
      if (text.startsWith('v11') && safe.backend === 'basic_text') throw new Error('keyring unavailable')
      return { result: Buffer.from(text.slice(3), 'base64').toString(), shouldReEncrypt: safe.reEncrypt }
    }
  }
}))

const { SafeStorageSecretStore } = await import('./safeStorageSecretStore')

const saved = { key: 'sk-ant-test-1', origin: 'https://api.anthropic.com' }

function keyFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'hearth-safe-')), 'userData', 'anthropic-key.bin')
}

/** A key file as an older Hearth wrote it, encrypted under Electron's built-in password. */
function fileUnderBuiltInPassword(file: string): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `v10${Buffer.from(JSON.stringify({ version: 1, ...saved })).toString('base64')}`)
}

describe('the desktop secret store (Electron safeStorage)', () => {
  beforeEach(() => {
    Object.assign(safe, { available: true, backend: 'gnome_libsecret', reEncrypt: false, encrypted: 0 })
  })

  it('keeps the key encrypted by the keyring across restarts', async () => {
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'linux').setApiKey(saved)
    expect(readFileSync(file, 'latin1').startsWith('v11')).toBe(true)
    expect(readFileSync(file, 'latin1')).not.toContain(saved.key)
    const restarted = new SafeStorageSecretStore(file, 'linux')
    expect(await restarted.getApiKey()).toEqual(saved)
    expect(await restarted.describe()).toEqual({
      protectedByOs: true,
      persistent: true,
      where: 'the OS keychain (Electron safeStorage)',
      limitation: null
    })
  })

  it('refuses to write the key under the built-in basic_text password on Linux, and says so', async () => {
    safe.backend = 'basic_text'
    const file = keyFile()
    const store = new SafeStorageSecretStore(file, 'linux')
    await store.setApiKey(saved)
    expect(existsSync(file)).toBe(false)
    expect(safe.encrypted).toBe(0)
    expect(await store.getApiKey()).toEqual(saved)
    const info = await store.describe()
    expect(info).toMatchObject({
      protectedByOs: false,
      persistent: false,
      where: "this process's memory only"
    })
    expect(info.limitation).toContain('No keyring (GNOME Keyring or KWallet)')
    expect(info.limitation).toContain('password built into Electron')
    expect(info.limitation).toContain('ANTHROPIC_API_KEY')
    expect(await new SafeStorageSecretStore(file, 'linux').getApiKey()).toBeUndefined()
  })

  it('moves a key an older run left under the built-in password into memory and deletes the file', async () => {
    safe.backend = 'basic_text'
    const file = keyFile()
    fileUnderBuiltInPassword(file)
    const store = new SafeStorageSecretStore(file, 'linux')
    expect(await store.getApiKey()).toEqual(saved)
    expect(existsSync(file)).toBe(false)
  })

  it('leaves a key the keyring protects alone in a run where the keyring is missing', async () => {
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'linux').setApiKey(saved)
    safe.backend = 'basic_text'
    const withoutKeyring = new SafeStorageSecretStore(file, 'linux')
    expect(await withoutKeyring.getApiKey()).toBeUndefined()
    expect(existsSync(file)).toBe(true)
    safe.backend = 'gnome_libsecret'
    expect(await new SafeStorageSecretStore(file, 'linux').getApiKey()).toEqual(saved)
  })

  it('saves nothing while Electron cannot say which Linux backend it uses', async () => {
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'linux').setApiKey(saved)
    safe.backend = 'unknown'
    const unsure = new SafeStorageSecretStore(file, 'linux')
    await unsure.setApiKey({ key: 'sk-ant-other', origin: saved.origin })
    expect(await unsure.getApiKey()).toEqual({ key: 'sk-ant-other', origin: saved.origin })
    safe.backend = 'gnome_libsecret'
    expect(await new SafeStorageSecretStore(file, 'linux').getApiKey()).toEqual(saved)
  })

  it('holds the key in memory when the OS offers no encryption at all', async () => {
    safe.available = false
    const file = keyFile()
    const store = new SafeStorageSecretStore(file, 'darwin')
    await store.setApiKey(saved)
    expect(existsSync(file)).toBe(false)
    expect((await store.describe()).limitation).toContain('no encryption')
  })

  it('ignores the Linux backend question on macOS and Windows', async () => {
    safe.backend = 'basic_text'
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'win32').setApiKey(saved)
    expect(existsSync(file)).toBe(true)
  })

  it('re-encrypts a key when the OS rotated its encryption key', async () => {
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'linux').setApiKey(saved)
    safe.reEncrypt = true
    expect(await new SafeStorageSecretStore(file, 'linux').getApiKey()).toEqual(saved)
    expect(safe.encrypted).toBe(2)
  })

  it('treats a damaged key file as no saved key', async () => {
    const file = keyFile()
    await new SafeStorageSecretStore(file, 'linux').setApiKey(saved)
    writeFileSync(file, 'garbage')
    expect(await new SafeStorageSecretStore(file, 'linux').getApiKey()).toBeUndefined()
  })
})
