import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { canRunKeychainSession, useKeychainSession } from '../helpers/keychainSession'
import { startServeChild, writeTinyRenderer } from '../helpers/serveChild'
import { makeTempDir } from '../helpers/tempHome'

/**
 * `hearth serve` keeps the key across restarts in the OS keychain when there is one, and says
 * plainly at start when there is not. Each case runs two real serve processes on one home.
 */
let temp: ReturnType<typeof makeTempDir>
let fake: FakeAnthropic
const home = (): string => join(temp.dir, 'home')
const renderer = (): string => writeTinyRenderer(join(temp.dir, 'renderer'))

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  temp = makeTempDir('hearth-serve-key-')
})
afterEach(() => temp.cleanup())

/** First run: point at the fake model, save a key, check what Settings says, stop. */
async function saveKeyInFirstRun(
  env: Readonly<Record<string, string>>
): Promise<{ stderr: string; status: unknown }> {
  const first = await startServeChild(home(), renderer(), env)
  try {
    expect(await first.call('settings.update', { baseUrl: fake.url })).toMatchObject({ ok: true })
    const saved = await first.call('settings.setApiKey', { key: 'sk-kept-across-restarts' })
    expect(saved.ok).toBe(true)
    return { stderr: first.stderr(), status: saved.value }
  } finally {
    await first.stop()
  }
}

describe('hearth serve without an OS keychain', () => {
  it('says at start and in Settings that the key is held in memory only, and forgets it on restart', async () => {
    const noBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/hearth-no-bus' }
    const { stderr, status } = await saveKeyInFirstRun(noBus)
    expect(stderr).toMatch(
      /hearth: Hearth found no OS keychain to keep the key in, so a key entered here is kept in memory only and is forgotten when Hearth stops\. To keep a key, set ANTHROPIC_API_KEY before starting Hearth\. \(The system said: .+\.\) Model requests go to https:\/\/api\.anthropic\.com\./
    )
    expect(status).toMatchObject({
      configured: true,
      protectedByOs: false,
      persistent: false,
      storage: "this process's memory only",
      storageNote: expect.stringContaining('no OS keychain'),
      storageDetail: expect.stringMatching(/\S/)
    })
    const second = await startServeChild(home(), renderer(), noBus)
    try {
      expect(await second.call('settings.get', {})).toMatchObject({
        ok: true,
        value: { apiKey: { configured: false, source: 'none' } }
      })
    } finally {
      await second.stop()
    }
  })
})

describe.runIf(process.platform === 'linux' && canRunKeychainSession())(
  'hearth serve with a real OS keychain (GNOME Keyring)',
  () => {
    const session = useKeychainSession()

    it('keeps the key in the keychain across a restart and sends it to the origin it was saved for', async () => {
      const { stderr, status } = await saveKeyInFirstRun(session.env)
      expect(stderr).toContain(
        'hearth: An API key entered in the app is kept in the OS keychain (Secret Service).'
      )
      expect(status).toMatchObject({
        configured: true,
        protectedByOs: true,
        persistent: true,
        storageNote: null,
        origin: fake.url
      })

      const second = await startServeChild(home(), renderer(), session.env)
      try {
        expect(await second.call('settings.get', {})).toMatchObject({
          ok: true,
          value: { apiKey: { configured: true, protectedByOs: true, source: 'saved', savedFor: fake.url } }
        })
        expect(await second.call('agents.create', { name: 'Keeper' })).toMatchObject({ ok: true })
        const turn = await second.call('chat.send', { agentId: 'keeper', text: 'Are you there?' })
        expect(turn).toMatchObject({ ok: true })
        await expect.poll(() => fake.requests.length, { timeout: 15_000 }).toBeGreaterThan(0)
        expect(fake.requests[0]?.headers.authorization).toBe('Bearer sk-kept-across-restarts')
      } finally {
        await second.stop()
      }
    })
  }
)
