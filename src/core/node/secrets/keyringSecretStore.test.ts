import { describe, expect, it } from 'vitest'
import { KeyringSecretStore, NO_KEYCHAIN } from './keyringSecretStore'

const linux = process.platform === 'linux'
const saved = { key: 'sk-keyring-test', origin: 'https://gateway.example' }

/** Runs `body` with this process pointed at another session bus (the library reads it per call). */
async function onBus<T>(address: string, body: () => Promise<T>): Promise<T> {
  const before = process.env.DBUS_SESSION_BUS_ADDRESS
  process.env.DBUS_SESSION_BUS_ADDRESS = address
  try {
    return await body()
  } finally {
    if (before === undefined) delete process.env.DBUS_SESSION_BUS_ADDRESS
    else process.env.DBUS_SESSION_BUS_ADDRESS = before
  }
}

describe.runIf(linux)('the keyring secret store without a Secret Service', () => {
  it("says plainly that there is no keychain, keeps the system's reason apart, and keeps the key in memory", async () => {
    await onBus('unix:path=/nonexistent/hearth-no-bus', async () => {
      const store = new KeyringSecretStore('/tmp/hearth-home-without-keychain')
      const info = await store.describe()
      expect(info).toMatchObject({
        protectedByOs: false,
        persistent: false,
        where: "this process's memory only"
      })
      // Plain words for the user; the system's own message is kept apart, for those who ask.
      expect(info.limitation).toBe(NO_KEYCHAIN)
      expect(info.detail).toMatch(/\S/)
      expect(info.limitation).not.toContain(info.detail)
      await store.setApiKey(saved)
      expect(await store.getApiKey()).toEqual(saved)
      expect(await new KeyringSecretStore('/tmp/hearth-home-without-keychain').getApiKey()).toBeUndefined()
      await store.setSecret('mcp/remote/Authorization', 'Bearer t0')
      expect(await store.getSecret('mcp/remote/Authorization')).toBe('Bearer t0')
      await store.setSecret('mcp/remote/Authorization', undefined)
      expect(await store.getSecret('mcp/remote/Authorization')).toBeUndefined()
    })
  })
})
