import {
  ANTHROPIC_ORIGIN,
  baseUrlProblem,
  originOf,
  type ApiKeyStatus,
  type ModelEndpoint
} from '../../shared/contract'
import { HearthError, invalidInput } from '../errors'
import {
  decodeSavedApiKeys,
  encodeSavedApiKeys,
  type SavedApiKey,
  type SecretStore,
  type SecretStoreInfo
} from '../ports/secretStore'

/** The secret holding the keys saved for origins other than the last one a key was entered for. */
export const OTHER_ORIGIN_KEYS = 'model.apiKeys.otherOrigins'

/** What a model client is built with: a key, and the base URL it may be sent to. */
export interface ModelCredentials {
  readonly apiKey: string
  readonly baseUrl: string | undefined
}

/** Where requests go now, and which setting said so. */
export interface Endpoint {
  readonly baseUrl: string | undefined
  readonly origin: string
  readonly source: ModelEndpoint['source']
}

interface Choice {
  readonly key: string | undefined
  readonly source: ApiKeyStatus['source']
  /** The saved key in use, else the last one saved. */
  readonly saved: SavedApiKey | undefined
  /** Every saved key, one per origin, the last one saved first. */
  readonly allSaved: readonly SavedApiKey[]
  /** Why no key can be used, when there is one that belongs elsewhere. */
  readonly refusal: string | undefined
}

const NO_KEY =
  'No API key configured. Add one in Settings, or set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a local endpoint).'

/**
 * The API key and where it may go. A key is bound to the origin it was entered for (a saved key
 * carries its origin in the secret store; ANTHROPIC_API_KEY belongs to ANTHROPIC_BASE_URL's origin,
 * or Anthropic's) and is never sent anywhere else. One key is kept per origin: moving the base URL
 * to another origin needs a key entered there, and moving it back finds the first key again.
 * Plain http is refused except to this computer.
 */
export class ApiKeys {
  constructor(
    private readonly secrets: SecretStore,
    private readonly configuredBaseUrl: () => string | null,
    private readonly env: NodeJS.ProcessEnv
  ) {}

  endpoint(): Endpoint {
    const fromConfig = this.configuredBaseUrl()
    if (fromConfig !== null)
      return { baseUrl: fromConfig, origin: originOf(fromConfig), source: 'config.json' }
    const fromEnv = nonEmpty(this.env.ANTHROPIC_BASE_URL)
    if (fromEnv !== undefined)
      return { baseUrl: fromEnv, origin: originOf(fromEnv), source: 'ANTHROPIC_BASE_URL' }
    return { baseUrl: undefined, origin: ANTHROPIC_ORIGIN, source: 'default' }
  }

  /**
   * Saves `key` bound to the origin requests go to now, replacing only that origin's key; refused
   * when that endpoint is unsafe. The keys of other origins are written first, so a crash in
   * between leaves every key somewhere.
   */
  async save(key: string): Promise<ApiKeyStatus> {
    const endpoint = this.endpoint()
    const problem = endpointProblem(endpoint)
    if (problem !== undefined) throw invalidInput(`The key was not saved. ${problem}`)
    const others = (await this.savedKeys()).filter((saved) => saved.origin !== endpoint.origin)
    await this.secrets.setSecret(
      OTHER_ORIGIN_KEYS,
      others.length > 0 ? encodeSavedApiKeys(others) : undefined
    )
    await this.secrets.setApiKey({ key: key.trim(), origin: endpoint.origin })
    return this.status()
  }

  /** The key and base URL for a model call, or an `llm_unavailable` error that says what to do. */
  async forModel(): Promise<ModelCredentials> {
    const endpoint = this.endpoint()
    const problem = endpointProblem(endpoint)
    if (problem !== undefined) throw new HearthError('llm_unavailable', problem)
    const choice = await this.choose(endpoint)
    if (choice.key === undefined) throw new HearthError('llm_unavailable', choice.refusal ?? NO_KEY)
    return { apiKey: choice.key, baseUrl: endpoint.baseUrl }
  }

  async status(): Promise<ApiKeyStatus> {
    const endpoint = this.endpoint()
    const [choice, info] = await Promise.all([this.choose(endpoint), this.secrets.describe()])
    const inUseProtected = choice.source === 'saved' && info.protectedByOs
    const note = storageNoteFor(choice, info)
    return {
      configured: choice.key !== undefined && endpointProblem(endpoint) === undefined,
      protectedByOs: inUseProtected,
      origin: endpoint.origin,
      source: choice.source,
      savedFor: choice.saved?.origin ?? null,
      savedOrigins: choice.allSaved.map((saved) => saved.origin),
      storage: info.where,
      persistent: info.persistent,
      notice: endpointProblem(endpoint) ?? choice.refusal ?? null,
      storageNote: note,
      storageDetail: note === null ? null : (info.detail ?? null)
    }
  }

  /** Every key this process knows (saved for any origin, and from the environment), for checks that none leaves the home. */
  async knownKeys(): Promise<string[]> {
    const saved = await this.savedKeys()
    return [...saved.map((item) => item.key), this.environmentKey()?.key].filter(
      (key): key is string => key !== undefined
    )
  }

  /** The last key saved, then the keys of other origins (one per origin). */
  private async savedKeys(): Promise<SavedApiKey[]> {
    const [last, othersText] = await Promise.all([
      this.secrets.getApiKey(),
      this.secrets.getSecret(OTHER_ORIGIN_KEYS)
    ])
    const others = decodeSavedApiKeys(othersText).filter((saved) => saved.origin !== last?.origin)
    return last === undefined ? others : [last, ...others]
  }

  private async choose(endpoint: Endpoint): Promise<Choice> {
    const allSaved = await this.savedKeys()
    const saved = allSaved.find((item) => item.origin === endpoint.origin)
    if (saved !== undefined) return { key: saved.key, source: 'saved', saved, allSaved, refusal: undefined }
    const fromEnv = this.environmentKey()
    if (fromEnv !== undefined && fromEnv.origin === endpoint.origin)
      return { key: fromEnv.key, source: 'environment', saved: allSaved[0], allSaved, refusal: undefined }
    return {
      key: undefined,
      source: 'none',
      saved: allSaved[0],
      allSaved,
      refusal: refusalFor(allSaved, fromEnv, endpoint)
    }
  }

  private environmentKey(): SavedApiKey | undefined {
    const key = nonEmpty(this.env.ANTHROPIC_API_KEY)
    return key === undefined ? undefined : { key, origin: originOf(nonEmpty(this.env.ANTHROPIC_BASE_URL)) }
  }
}

function endpointProblem(endpoint: Endpoint): string | undefined {
  if (endpoint.baseUrl === undefined) return undefined
  const problem = baseUrlProblem(endpoint.baseUrl)
  return problem === undefined
    ? undefined
    : `Hearth will not send the API key to ${endpoint.baseUrl} (set in ${endpoint.source}): ${problem}`
}

/**
 * The store's limitation, only where it bears on a key: not when the key in use comes from
 * ANTHROPIC_API_KEY (nothing typed here is involved), nor when the OS keeps keys.
 */
function storageNoteFor(choice: Choice, info: SecretStoreInfo): string | null {
  if (info.persistent || choice.source === 'environment') return null
  return info.limitation
}

function refusalFor(
  saved: readonly SavedApiKey[],
  fromEnv: SavedApiKey | undefined,
  endpoint: Endpoint
): string | undefined {
  if (saved.length > 0) {
    const origins = listed(saved.map((item) => item.origin))
    const which = saved.length === 1 ? 'The saved API key was' : 'The saved API keys were'
    return `${which} entered for ${origins}, but requests now go to ${endpoint.origin}. A key is only sent to the address it was entered for: enter one for ${endpoint.origin} (the saved ${saved.length === 1 ? 'key stays' : 'keys stay'} for ${saved.length === 1 ? 'its address' : 'theirs'}), or set the base URL back.`
  }
  if (fromEnv !== undefined) {
    return `ANTHROPIC_API_KEY belongs to ${fromEnv.origin} (ANTHROPIC_BASE_URL, or Anthropic when that is not set), but requests now go to ${endpoint.origin}. Enter a key for ${endpoint.origin} in Settings, or set the base URL back.`
  }
  return undefined
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined
}
