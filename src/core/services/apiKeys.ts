import {
  ANTHROPIC_ORIGIN,
  baseUrlProblem,
  originOf,
  type ApiKeyStatus,
  type ModelEndpoint
} from '../../shared/contract'
import { HearthError, invalidInput } from '../errors'
import type { SavedApiKey, SecretStore } from '../ports/secretStore'

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
  readonly saved: SavedApiKey | undefined
  /** Why no key can be used, when there is one that belongs elsewhere. */
  readonly refusal: string | undefined
}

const NO_KEY =
  'No API key configured. Add one in Settings, or set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a local endpoint).'

/**
 * The API key and where it may go. A key is bound to the origin it was entered for (a saved key
 * carries its origin in the secret store; ANTHROPIC_API_KEY belongs to ANTHROPIC_BASE_URL's origin,
 * or Anthropic's) and is never sent anywhere else: moving the base URL to another origin means
 * entering the key again there. Plain http is refused except to this computer.
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

  /** Saves `key` bound to the origin requests go to now; refused when that endpoint is unsafe. */
  async save(key: string): Promise<ApiKeyStatus> {
    const endpoint = this.endpoint()
    const problem = endpointProblem(endpoint)
    if (problem !== undefined) throw invalidInput(`The key was not saved. ${problem}`)
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
    return {
      configured: choice.key !== undefined && endpointProblem(endpoint) === undefined,
      protectedByOs: inUseProtected,
      origin: endpoint.origin,
      source: choice.source,
      savedFor: choice.saved?.origin ?? null,
      storage: info.where,
      persistent: info.persistent,
      notice: endpointProblem(endpoint) ?? choice.refusal ?? null,
      storageNote: info.limitation
    }
  }

  /** Every key this process knows (saved and from the environment), for checks that none leaves the home. */
  async knownKeys(): Promise<string[]> {
    const saved = await this.secrets.getApiKey()
    return [saved?.key, this.environmentKey()?.key].filter((key): key is string => key !== undefined)
  }

  private async choose(endpoint: Endpoint): Promise<Choice> {
    const saved = await this.secrets.getApiKey()
    if (saved !== undefined && saved.origin === endpoint.origin)
      return { key: saved.key, source: 'saved', saved, refusal: undefined }
    const fromEnv = this.environmentKey()
    if (fromEnv !== undefined && fromEnv.origin === endpoint.origin)
      return { key: fromEnv.key, source: 'environment', saved, refusal: undefined }
    return { key: undefined, source: 'none', saved, refusal: refusalFor(saved, fromEnv, endpoint) }
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

function refusalFor(
  saved: SavedApiKey | undefined,
  fromEnv: SavedApiKey | undefined,
  endpoint: Endpoint
): string | undefined {
  if (saved !== undefined) {
    return `The saved API key was entered for ${saved.origin}, but requests now go to ${endpoint.origin}. A key is only sent to the address it was entered for: enter it again to use it with ${endpoint.origin}, or set the base URL back.`
  }
  if (fromEnv !== undefined) {
    return `ANTHROPIC_API_KEY belongs to ${fromEnv.origin} (ANTHROPIC_BASE_URL, or Anthropic when that is not set), but requests now go to ${endpoint.origin}. Enter a key for ${endpoint.origin} in Settings, or set the base URL back.`
  }
  return undefined
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined
}
