import Anthropic from '@anthropic-ai/sdk'
import { HearthError } from '../../errors'

export interface AnthropicClientOptions {
  readonly apiKey: string | undefined
  readonly baseUrl: string | undefined
  /** SDK retries for 408/409/429/5xx/connection errors (default 2, as the SDK). */
  readonly maxRetries?: number
  readonly timeoutMs?: number
}

/**
 * The one place an SDK client is constructed (main process / CLI only). The key is passed
 * explicitly so the SDK's credential chain never reads anything else.
 */
export function createAnthropicClient(options: AnthropicClientOptions): Anthropic {
  if (!options.apiKey) {
    throw new HearthError(
      'llm_unavailable',
      'No API key configured. Add one in Settings, or set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a local endpoint).'
    )
  }
  return new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 600_000
  })
}
