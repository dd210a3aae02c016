import { describe, expect, it } from 'vitest'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'

const viewWith = (configErrors: string[]) => ({
  settings: {
    model: 'm',
    provider: 'anthropic',
    baseUrl: null,
    cacheTtl: '5m' as const,
    context_file_max_chars: null,
    memory: { memoryCharLimit: 4000, userCharLimit: 2000, agentWrites: 'receipt' as const },
    recall: { k: 5 },
    retention: { idleMinutes: 30, minChars: 60 }
  },
  endpoint: { url: 'https://api.anthropic.com', source: 'default' as const },
  configErrors,
  configPath: '/home/config.json',
  apiKey: {
    configured: false,
    protectedByOs: false,
    origin: 'https://api.anthropic.com',
    source: 'none' as const,
    savedFor: null,
    savedOrigins: [],
    storage: 'memory' as const,
    persistent: false,
    notice: null,
    storageNote: null,
    storageDetail: null
  }
})

describe('settings slice', () => {
  it('keeps the newest read when an older one answers last, so a fixed or broken file is never shown stale', async () => {
    const api = createFakeApi()
    const answers: ((errors: string[]) => void)[] = []
    api.handle(
      'settings.get',
      () => new Promise((resolve) => answers.push((errors) => resolve(viewWith(errors))))
    )
    const store = createAppStore(api)
    const older = store.getState().loadSettings()
    const newer = store.getState().loadSettings()
    answers[1]?.(['config.json is not valid JSON'])
    await newer
    answers[0]?.(['a', 'b', 'c'])
    await older
    expect(store.getState().settingsView?.configErrors).toEqual(['config.json is not valid JSON'])
  })

  it('drops an older read that failed after a newer one succeeded', async () => {
    const api = createFakeApi()
    const answers: ((fail: boolean) => void)[] = []
    api.handle(
      'settings.get',
      () =>
        new Promise((resolve, reject) =>
          answers.push((fail) => (fail ? reject(new Error('host went away')) : resolve(viewWith([]))))
        )
    )
    const store = createAppStore(api)
    const older = store.getState().loadSettings()
    const newer = store.getState().loadSettings()
    answers[1]?.(false)
    await newer
    answers[0]?.(true)
    await older
    expect(store.getState().settingsLoadError).toBeNull()
    expect(store.getState().settingsView?.configErrors).toEqual([])
  })
})
