import { describe, expect, it } from 'vitest'
import { baseUrlProblem } from '../../shared/contract'
import { HearthError } from '../errors'
import { decodeSavedApiKey, encodeSavedApiKey, MemorySecretStore } from '../ports/secretStore'
import { ApiKeys } from './apiKeys'

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
      /entered for https:\/\/one\.example.*now go to https:\/\/two\.example.*enter it again/
    )
    expect(await keys.status()).toMatchObject({
      configured: false,
      source: 'none',
      origin: 'https://two.example',
      savedFor: 'https://one.example',
      notice: expect.stringContaining('enter it again')
    })
    point('https://one.example:8443')
    expect(await refusal(keys.forModel())).toMatch(/now go to https:\/\/one\.example:8443/)
  })

  it('moves the key to another origin only when it is entered again there', async () => {
    const { keys, point } = keysWith()
    await keys.save('sk-anthropic')
    point('http://127.0.0.1:4000')
    await keys.save('sk-local')
    expect(await keys.forModel()).toEqual({ apiKey: 'sk-local', baseUrl: 'http://127.0.0.1:4000' })
    point(null)
    expect(await refusal(keys.forModel())).toMatch(/entered for http:\/\/127\.0\.0\.1:4000/)
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

  it('says where a key is kept and why it is not kept for longer', async () => {
    const store = new MemorySecretStore(undefined, 'No OS keychain is available (no D-Bus).')
    expect(await new ApiKeys(store, () => null, {}).status()).toMatchObject({
      storage: "this process's memory only",
      persistent: false,
      storageNote: 'No OS keychain is available (no D-Bus).'
    })
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
