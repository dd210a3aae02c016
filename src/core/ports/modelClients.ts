import type Anthropic from '@anthropic-ai/sdk'

/**
 * Where chat and retention get their SDK client: built in one place
 * (`core/node/llm/anthropicClient.ts`) from the key and the base URL the settings hold at the
 * moment of the call, and passed to each feature by the composition root. A missing key is a
 * `llm_unavailable` refusal, before any request.
 */
export interface ModelClients {
  /** A client for where requests go now (Settings, else the environment). */
  current(options?: { readonly maxRetries?: number }): Promise<Anthropic>
  /** A client for an explicit endpoint and key (the connection test names its own). */
  forTarget(target: ModelTarget): Promise<Anthropic>
}

/** An explicit endpoint and key, for the one constructor of SDK clients. */
export interface ModelTarget {
  readonly apiKey: string | undefined
  readonly baseUrl: string | undefined
  readonly maxRetries?: number
  readonly timeoutMs?: number
}
