import type Anthropic from '@anthropic-ai/sdk'

/** The SDK's default export: the client class, with the error classes on it. */
export type AnthropicSdk = typeof Anthropic

let loaded: AnthropicSdk | undefined

/**
 * The SDK, loaded on the first model call rather than when a host starts: reading it costs a
 * few hundred milliseconds of start-up that the first screen never needs. Every value use of the
 * SDK goes through here, so one copy of its classes is ever loaded.
 */
export async function loadAnthropicSdk(): Promise<AnthropicSdk> {
  loaded ??= (await import('@anthropic-ai/sdk')).default
  return loaded
}

/**
 * The SDK if it has been loaded, else undefined. An error can be one of the SDK's only once the
 * SDK is loaded, so classifying an error needs no load.
 */
export function loadedAnthropicSdk(): AnthropicSdk | undefined {
  return loaded
}

type SdkErrorClass = 'APIError' | 'APIConnectionError' | 'APIConnectionTimeoutError' | 'APIUserAbortError'

/** Whether `error` is one of the SDK's errors of this class (never, while the SDK is not loaded). */
export function isSdkError<K extends SdkErrorClass>(
  error: unknown,
  kind: K
): error is InstanceType<AnthropicSdk[K]> {
  return loaded !== undefined && error instanceof loaded[kind]
}

/** The SDK's own abort error, as its stream throws it (a plain one before any client existed). */
export function sdkAbortError(): Error {
  return loaded === undefined ? new Error('Request was aborted.') : new loaded.APIUserAbortError()
}
