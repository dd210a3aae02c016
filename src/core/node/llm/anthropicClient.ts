import type Anthropic from '@anthropic-ai/sdk'
import { ANTHROPIC_ORIGIN } from '../../../shared/contract/baseUrl'
import { HearthError } from '../../errors'
import { loadAnthropicSdk } from './anthropicSdk'
import { guardedFetch } from './guardedFetch'
import type { ModelClients, ModelTarget } from '../../ports/modelClients'

/** `maxRetries`: SDK retries for 408/409/429/5xx/connection errors (default 2, as the SDK). */
export type AnthropicClientOptions = ModelTarget

/** The credentials of where requests go now; SettingsService provides them. */
export interface CredentialSource {
  modelCredentials(): Promise<{ readonly apiKey: string | undefined; readonly baseUrl: string | undefined }>
}

/**
 * The ModelClients port over the SDK: every client the core uses comes from here. The current
 * client is kept while the key, the base URL and the options it was made with stay the same (a
 * client holds nothing else), so a turn does not build one; a change in Settings makes a new one.
 */
export function anthropicClients(settings: CredentialSource): ModelClients {
  let kept: { readonly target: ModelTarget; readonly client: Promise<Anthropic> } | undefined
  return {
    current: async (options = {}) => {
      const target: ModelTarget = { ...(await settings.modelCredentials()), ...options }
      if (kept === undefined || !sameTarget(kept.target, target)) {
        const client = createAnthropicClient(target)
        kept = { target, client }
        // A refusal (no key) is not kept: the next call asks again.
        client.catch(() => kept?.client === client && (kept = undefined))
      }
      return kept.client
    },
    forTarget: createAnthropicClient
  }
}

function sameTarget(a: ModelTarget, b: ModelTarget): boolean {
  return (
    a.apiKey === b.apiKey &&
    a.baseUrl === b.baseUrl &&
    a.maxRetries === b.maxRetries &&
    a.timeoutMs === b.timeoutMs
  )
}

/**
 * The one place an SDK client is constructed (main process / CLI only). The key and the base URL
 * are both passed explicitly: the SDK's credential chain never reads anything else, and a
 * process-wide ANTHROPIC_BASE_URL the core did not choose can never take a key bound to
 * Anthropic's origin somewhere else. Its fetch refuses redirects and strips the key from error
 * bodies (see guardedFetch). The SDK itself is loaded on the first client (see anthropicSdk).
 */
export async function createAnthropicClient(options: AnthropicClientOptions): Promise<Anthropic> {
  if (!options.apiKey) {
    throw new HearthError(
      'llm_unavailable',
      'No API key configured. Add one in Settings, or set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a local endpoint).'
    )
  }
  const Sdk = await loadAnthropicSdk()
  return new Sdk({
    apiKey: options.apiKey,
    baseURL: options.baseUrl !== undefined && options.baseUrl !== '' ? options.baseUrl : ANTHROPIC_ORIGIN,
    maxRetries: options.maxRetries ?? 2,
    fetch: guardedFetch([options.apiKey]),
    fetchOptions: { redirect: 'error' },
    timeout: options.timeoutMs ?? 600_000
  })
}
