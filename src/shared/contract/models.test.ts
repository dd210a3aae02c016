import { describe, expect, it } from 'vitest'
import { PROVIDER_PRESETS, presetFor } from './models'

describe('provider presets', () => {
  it('finds the preset of saved settings by provider name', () => {
    expect(presetFor('anthropic', '').id).toBe('anthropic')
    expect(presetFor('ollama', 'http://127.0.0.1:11434').id).toBe('ollama')
    expect(presetFor('openrouter', 'https://openrouter.ai/api').id).toBe('openrouter')
  })

  it('counts an unknown provider, or anthropic with its own base URL, as another endpoint', () => {
    expect(presetFor('bedrock-proxy', '').id).toBe('custom')
    expect(presetFor('anthropic', 'http://127.0.0.1:8080').id).toBe('custom')
  })

  it('offers only base URLs the key may be sent to: https, or http to this computer', () => {
    for (const preset of PROVIDER_PRESETS) {
      if (preset.baseUrl === null || preset.baseUrl === '') continue
      const url = new URL(preset.baseUrl)
      expect(url.protocol === 'https:' || url.hostname === '127.0.0.1', preset.id).toBe(true)
    }
  })
})
