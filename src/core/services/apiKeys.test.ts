import { describe, expect, it } from 'vitest'
import { baseUrlProblem } from '../../shared/contract'
import { HearthError } from '../errors'
import {
  decodeSavedApiKey,
  decodeSavedApiKeys,
  encodeSavedApiKey,
  encodeSavedApiKeys,
  MemorySecretStore
} from '../ports/secretStore'
import { ApiKeys, OTHER_ORIGIN_KEYS } from './apiKeys'

/** ApiKeys over a memory store, with a base URL the test moves (what config.json would say). */
function keysWith(env: NodeJS.ProcessEnv = {}) {
  let baseUrl: string | null = null
  const store = new MemorySecretStore()
  const keys = new ApiKeys(store, () => baseUrl, env)
  return { keys, store, point: (url: string | null) => void (baseUrl = url) }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught
  )
  expect(error).toBeInstanceOf(HearthError)
  expect((error as HearthError).code).toBe('llm_unavailable')
  return (error as HearthError).message
}

describe('the API key goes only where the user put it', () => {
  it('allows https anywhere and plain http only to this computer, never with credentials in the URL', () => {
    for (const ok of [
      'https://gateway.example',
      'https://gateway.example:8443/v1',
      'http://127.0.0.1:11434',
      'http://127.9.9.9',
      'http://localhost:4000',
      'http://[::1]:8080'
    ]) {
      expect(baseUrlProblem(ok), ok).toBeUndefined()
    }
    expect(baseUrlProblem('http://any-host')).toMatch(/only allowed to this computer.*https:\/\/any-host/)
    expect(baseUrlProblem('http://10.0.0.5:11434')).toMatch(/only allowed to this computer/)
    expect(baseUrlProblem('http://127.0.0.1.evil.example')).toMatch(/only allowed to this computer/)
    expect(baseUrlProblem('https://user:secret@gateway.example')).toMatch(/user name or password/)
    expect(baseUrlProblem('ftp://gateway.example')).toMatch(/must start with https/)
    expect(baseUrlProblem('not a url')).toMatch(/full URL/)
  })

  it('binds a saved key to the origin it was entered for and sends it nowhere else', async () => {
    const { keys, point } = keysWith()
    point('https://one.example/v1')
    expect(await keys.save('sk-one')).toMatchObject({
      configured: true,
      source: 'saved',
      origin: 'https://one.example',
      savedFor: 'https://one.example'
    })
    expect(await keys.forModel()).toEqual({ apiKey: 'sk-one', baseUrl: 'https://one.example/v1' })
    point('https://one.example/other-path')
    expect((await keys.forModel()).apiKey).toBe('sk-one')

    point('https://two.example')
    expect(await refusal(keys.forModel())).toMatch(
      /entered for https:\/\/one\.example.*now go to https:\/\/two\.example.*enter one for https:\/\/two\.example/
    )
    expect(await keys.status()).toMatchObject({
      configured: false,
      source: 'none',
      origin: 'https://two.example',
      savedFor: 'https://one.example',
      savedOrigins: ['https://one.example'],
      notice: expect.stringContaining('the saved key stays for its address')
    })
    point('https://one.example:8443')
    expect(await refusal(keys.forModel())).toMatch(/now go to https:\/\/one\.example:8443/)
  })

  it('keeps one key per origin, so pointing the base URL back finds the key entered there', async () => {
    const { keys, store, point } = keysWith()
    await keys.save('sk-anthropic')
    point('http://127.0.0.1:4000')
    await keys.save('sk-local')
    expect(await keys.forModel()).toEqual({ apiKey: 'sk-local', baseUrl: 'http://127.0.0.1:4000' })
    point(null)
    expect(await keys.forModel()).toEqual({ apiKey: 'sk-anthropic', baseUrl: undefined })
    expect(await keys.status()).toMatchObject({
      configured: true,
      source: 'saved',
      savedFor: 'https://api.anthropic.com',
      savedOrigins: ['http://127.0.0.1:4000', 'https://api.anthropic.com']
    })
    // A new key replaces only its own origin's; the others stay.
    await keys.save('sk-anthropic-2')
    expect((await keys.forModel()).apiKey).toBe('sk-anthropic-2')
    point('http://127.0.0.1:4000/')
    expect((await keys.forModel()).apiKey).toBe('sk-local')
    expect((await keys.knownKeys()).sort()).toEqual(['sk-anthropic-2', 'sk-local'])
    point('https://three.example')
    expect(await refusal(keys.forModel())).toMatch(
      /The saved API keys were entered for https:\/\/api\.anthropic\.com and http:\/\/127\.0\.0\.1:4000, but requests now go to https:\/\/three\.example/
    )
    // A damaged list of other origins' keys is no keys, never a guess.
    await store.setSecret(OTHER_ORIGIN_KEYS, '{ broken')
    expect((await keys.status()).savedOrigins).toEqual(['https://api.anthropic.com'])
  })

  it('keeps ANTHROPIC_API_KEY with ANTHROPIC_BASE_URL (or Anthropic) and refuses it elsewhere', async () => {
    const env = { ANTHROPIC_API_KEY: 'sk-env', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9999' }
    const { keys, point } = keysWith(env)
    expect(await keys.forModel()).toEqual({ apiKey: 'sk-env', baseUrl: 'http://127.0.0.1:9999' })
    point('https://gateway.example')
    expect(await refusal(keys.forModel())).toMatch(/ANTHROPIC_API_KEY belongs to http:\/\/127\.0\.0\.1:9999/)
    const plain = keysWith({ ANTHROPIC_API_KEY: 'sk-env' })
    expect(await plain.keys.forModel()).toEqual({ apiKey: 'sk-env', baseUrl: undefined })
    plain.point('https://gateway.example')
    expect(await refusal(plain.keys.forModel())).toMatch(/belongs to https:\/\/api\.anthropic\.com/)
  })

  it('refuses to send any key over plain http to another machine, whichever setting asks for it', async () => {
    const { keys } = keysWith({
      ANTHROPIC_API_KEY: 'sk-env',
      ANTHROPIC_BASE_URL: 'http://gateway.internal:4000'
    })
    expect(await refusal(keys.forModel())).toMatch(
      /will not send the API key to http:\/\/gateway\.internal:4000 \(set in ANTHROPIC_BASE_URL\)/
    )
    await expect(keys.save('sk-typed')).rejects.toThrow(/The key was not saved/)
    expect(await keys.status()).toMatchObject({
      configured: false,
      notice: expect.stringContaining('Plain http')
    })
  })

  it("says a key is kept in memory only when that applies, in plain words, with the system's reason apart", async () => {
    const store = new MemorySecretStore(undefined, 'Hearth found no OS keychain to keep the key in.')
    store.describe = async () => ({
      protectedByOs: false,
      persistent: false,
      where: "this process's memory only",
      limitation: 'Hearth found no OS keychain to keep the key in.',
      detail: 'Platform secure storage failure: DBus error'
    })
    expect(await new ApiKeys(store, () => null, {}).status()).toMatchObject({
      storage: "this process's memory only",
      persistent: false,
      storageNote: 'Hearth found no OS keychain to keep the key in.',
      storageDetail: 'Platform secure storage failure: DBus error'
    })
    // The key in use comes from ANTHROPIC_API_KEY: nothing typed here is involved, so no notice.
    expect(await new ApiKeys(store, () => null, { ANTHROPIC_API_KEY: 'sk-env' }).status()).toMatchObject({
      source: 'environment',
      storageNote: null,
      storageDetail: null
    })
    // A keychain that keeps keys: nothing to say.
    store.describe = async () => ({
      protectedByOs: true,
      persistent: true,
      where: 'the keychain',
      limitation: null
    })
    expect((await new ApiKeys(store, () => null, {}).status()).storageNote).toBeNull()
  })

  it("reads the other origins' keys only as written", () => {
    const keys = [
      { key: 'sk-a', origin: 'https://a.example' },
      { key: 'sk-b', origin: 'http://127.0.0.1:4000' }
    ]
    expect(decodeSavedApiKeys(encodeSavedApiKeys(keys))).toEqual(keys)
    expect(decodeSavedApiKeys(undefined)).toEqual([])
    expect(decodeSavedApiKeys('{"keys":[{"key":"","origin":"x"}]}')).toEqual([])
    expect(decodeSavedApiKeys('not json')).toEqual([])
  })

  it('stores the origin inside the secret, and reads a key saved before keys had one as Anthropic’s', () => {
    const text = encodeSavedApiKey({ key: 'sk-1', origin: 'https://gateway.example' })
    expect(decodeSavedApiKey(text, 'https://api.anthropic.com')).toEqual({
      key: 'sk-1',
      origin: 'https://gateway.example'
    })
    expect(decodeSavedApiKey('sk-legacy\n', 'https://api.anthropic.com')).toEqual({
      key: 'sk-legacy',
      origin: 'https://api.anthropic.com'
    })
    expect(decodeSavedApiKey('{ broken', 'https://api.anthropic.com')).toBeUndefined()
    expect(decodeSavedApiKey('', 'https://api.anthropic.com')).toBeUndefined()
  })
})
