/* No zod here: the model forms' preset picker needs only these, not the contract's schemas. */

/**
 * Where Hearth sends requests, as a starting point: each preset fills the provider name and the
 * base URL, which stay editable. Every preset speaks the Anthropic Messages API.
 */
export interface ProviderPreset {
  readonly id: string
  readonly label: string
  /** Stored as `provider` in config.json (the volatile prompt line names it). */
  readonly provider: string
  /** null = the SDK's default, Anthropic's own API. */
  readonly baseUrl: string | null
  readonly hint: string
}

export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  {
    id: 'anthropic',
    label: 'Anthropic',
    provider: 'anthropic',
    baseUrl: null,
    hint: 'Claude through Anthropic’s own API, with a key from console.anthropic.com.'
  },
  {
    id: 'ollama',
    label: 'Ollama (this computer)',
    provider: 'ollama',
    baseUrl: 'http://127.0.0.1:11434',
    hint: 'Ollama’s Anthropic-compatible API. Use the name of a model you have pulled; any key is accepted.'
  },
  {
    id: 'litellm',
    label: 'LiteLLM gateway',
    provider: 'litellm',
    baseUrl: 'http://127.0.0.1:4000',
    hint: 'A LiteLLM proxy: the model is a name from its config, the key one of its virtual keys.'
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openrouter',
    baseUrl: 'https://openrouter.ai/api',
    hint: 'OpenRouter’s Anthropic-compatible API: models are named like anthropic/claude-sonnet-4.5, the key is an OpenRouter key.'
  },
  {
    id: 'custom',
    label: 'Other Anthropic-compatible endpoint',
    provider: 'anthropic-compatible',
    baseUrl: '',
    hint: 'Any endpoint that answers POST /v1/messages; plain http only to this computer.'
  }
]

/**
 * The preset saved settings belong to. An unknown provider name, or "anthropic" with a base URL
 * of its own (set before presets existed, or by hand), counts as "other endpoint".
 */
export function presetFor(provider: string, baseUrl: string): ProviderPreset {
  const custom = PROVIDER_PRESETS[PROVIDER_PRESETS.length - 1] as ProviderPreset
  if (provider === 'anthropic' && baseUrl.trim() !== '') return custom
  return PROVIDER_PRESETS.find((preset) => preset.provider === provider) ?? custom
}
