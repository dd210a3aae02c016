import { describe, expect, it } from 'vitest'
import { canRunKeychainSession, useKeychainSession } from '../../../../tests/helpers/keychainSession'
import { KeyringSecretStore } from './keyringSecretStore'

// A file of its own: the library keeps the first session bus a process connects to.
const saved = { key: 'sk-keyring-test', origin: 'https://gateway.example' }

describe.runIf(process.platform === 'linux' && canRunKeychainSession())(
  'the keyring secret store with a real Secret Service (GNOME Keyring)',
  () => {
    const session = useKeychainSession()

    it('keeps the key and its origin in the keychain, per home, readable by a fresh store', async () => {
      process.env.DBUS_SESSION_BUS_ADDRESS = session.env.DBUS_SESSION_BUS_ADDRESS
      {
        const store = new KeyringSecretStore('/tmp/hearth-home-a')
        expect(await store.describe()).toEqual({
          protectedByOs: true,
          persistent: true,
          where: 'the OS keychain (Secret Service)',
          limitation: null
        })
        expect(await store.getApiKey()).toBeUndefined()
        await store.setApiKey(saved)
        expect(await new KeyringSecretStore('/tmp/hearth-home-a').getApiKey()).toEqual(saved)
        expect(await new KeyringSecretStore('/tmp/hearth-home-b').getApiKey()).toBeUndefined()
        await store.setApiKey({ key: 'sk-replaced', origin: 'http://127.0.0.1:4000' })
        expect(await new KeyringSecretStore('/tmp/hearth-home-a').getApiKey()).toEqual({
          key: 'sk-replaced',
          origin: 'http://127.0.0.1:4000'
        })
      }
    })
  }
)
