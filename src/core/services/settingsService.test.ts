import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { EditableSettings, SettingsPatch } from '../../shared/contract'
import { CONFIG_SHAPE } from '../home/config'
import { ConfigStore } from '../home/configStore'
import { ensureHome } from '../home/home'
import type { HomePaths } from '../home/homePaths'
import { MemorySecretStore } from '../ports/secretStore'
import { SettingsService } from './settingsService'

describe('SettingsService.update', () => {
  let dir: string
  let paths: HomePaths
  let service: SettingsService
  const onDisk = (): unknown => JSON.parse(readFileSync(paths.config, 'utf8'))
  const seed = (config: unknown): void => writeFileSync(paths.config, JSON.stringify(config, null, 2))

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-settings-'))
    paths = ensureHome(dir)
    service = new SettingsService(new ConfigStore(paths.config), new MemorySecretStore(), {})
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('merges nested groups key by key, keeping siblings, unknown sub-keys and unknown top-level keys', async () => {
    seed({
      model: 'claude-keep',
      futureFeature: { on: true },
      memory: { memoryCharLimit: 4000, userCharLimit: 1234, experimentalDecay: 0.5 },
      recall: { k: 7, rerank: 'mmr' },
      retention: { idleMinutes: 30, note: 'mine' },
      nexus: { injectCap: 12 }
    })
    const view = await service.update({ memory: { memoryCharLimit: 9000 }, retention: { idleMinutes: 0 } })
    expect(onDisk()).toEqual({
      model: 'claude-keep',
      futureFeature: { on: true },
      memory: { memoryCharLimit: 9000, userCharLimit: 1234, experimentalDecay: 0.5 },
      recall: { k: 7, rerank: 'mmr' },
      retention: { idleMinutes: 0, note: 'mine' },
      nexus: { injectCap: 12 }
    })
    expect(view.settings).toMatchObject({
      model: 'claude-keep',
      memory: { memoryCharLimit: 9000, userCharLimit: 1234 },
      recall: { k: 7 },
      retention: { idleMinutes: 0 }
    })
    expect(view.configErrors).toEqual([])
  })

  it('creates a nested group that the file did not have, with only the named sub-key', async () => {
    seed({ model: 'm' })
    await service.update({ recall: { k: 0 } })
    expect(onDisk()).toEqual({ model: 'm', recall: { k: 0 } })
    expect((await service.view()).settings.memory).toEqual({
      memoryCharLimit: 4000,
      userCharLimit: 2000,
      agentWrites: 'receipt'
    })
  })

  it('round-trips every editable field through config.json', async () => {
    const all: EditableSettings = {
      model: 'claude-round-trip',
      provider: 'anthropic-compatible',
      baseUrl: 'http://127.0.0.1:11434/',
      cacheTtl: '1h',
      context_file_max_chars: 12_345,
      memory: { memoryCharLimit: 5555, userCharLimit: 777, agentWrites: 'ask' },
      recall: { k: 50 },
      retention: { idleMinutes: 90, minChars: 250 }
    }
    expect((await service.update(all)).settings).toEqual(all)
    expect(
      (await new SettingsService(new ConfigStore(paths.config), new MemorySecretStore(), {}).view()).settings
    ).toEqual(all)
    expect(onDisk()).toMatchObject(all)
    // null means "scale with the model" and must be stored as null, not dropped.
    expect((await service.update({ context_file_max_chars: null, baseUrl: null })).settings).toMatchObject({
      context_file_max_chars: null,
      baseUrl: null
    })
    expect(onDisk()).toMatchObject({ context_file_max_chars: null, baseUrl: null })
  })

  it('refuses while config.json is malformed and leaves the file byte for byte', async () => {
    for (const bad of ['{ "model": ', '{ "recall": { "k": 99 }, "x": 1 }\n', '[1, 2]']) {
      writeFileSync(paths.config, bad)
      await expect(service.update({ memory: { memoryCharLimit: 100 } })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('will not overwrite')
      })
      expect(readFileSync(paths.config, 'utf8')).toBe(bad)
    }
  })

  it('refuses a merged result that would not load cleanly, writing nothing', async () => {
    seed({ memory: { memoryCharLimit: 'lots' } })
    const before = readFileSync(paths.config, 'utf8')
    await expect(service.update({ memory: { userCharLimit: 10 } })).rejects.toMatchObject({
      code: 'conflict'
    })
    expect(readFileSync(paths.config, 'utf8')).toBe(before)
    seed({ model: 'm' })
    await expect(service.update({ retention: { idleMinutes: -1 } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('retention.idleMinutes')
    })
    expect(onDisk()).toEqual({ model: 'm' })
  })
})

describe('the contract keeps the bounds of CONFIG_SHAPE', () => {
  const cases: readonly (readonly [string, Record<string, unknown>])[] = [
    ['memory', { memoryCharLimit: 1, userCharLimit: 1, agentWrites: 'receipt' }],
    ['memory', { memoryCharLimit: 0, userCharLimit: 1, agentWrites: 'receipt' }],
    ['memory', { memoryCharLimit: 1, userCharLimit: -5, agentWrites: 'receipt' }],
    ['memory', { memoryCharLimit: 1.5, userCharLimit: 1, agentWrites: 'receipt' }],
    ['memory', { memoryCharLimit: 1, userCharLimit: 1, agentWrites: 'ask' }],
    ['memory', { memoryCharLimit: 1, userCharLimit: 1, agentWrites: 'never' }],
    ['recall', { k: 0 }],
    ['recall', { k: 50 }],
    ['recall', { k: 51 }],
    ['recall', { k: -1 }],
    ['retention', { idleMinutes: 0, minChars: 60 }],
    ['retention', { idleMinutes: 100_000, minChars: 0 }],
    ['retention', { idleMinutes: -1, minChars: 60 }],
    ['retention', { idleMinutes: 2.5, minChars: 60 }],
    ['retention', { idleMinutes: 30, minChars: 1_000_000 }],
    ['retention', { idleMinutes: 30, minChars: 1_000_001 }],
    ['retention', { idleMinutes: 30, minChars: -1 }]
  ]
  it.each(cases)('%s %j is accepted by both or refused by both', (key, value) => {
    const config = CONFIG_SHAPE[key as 'memory' | 'recall' | 'retention'].safeParse(value).success
    expect(SettingsPatch.safeParse({ [key]: value }).success).toBe(config)
    expect(EditableSettings.shape[key as 'memory' | 'recall' | 'retention'].safeParse(value).success).toBe(
      config
    )
  })
  it.each([null, 1, 0, -3, 2.5])('context_file_max_chars %j agrees', (value) => {
    expect(SettingsPatch.safeParse({ context_file_max_chars: value }).success).toBe(
      CONFIG_SHAPE.context_file_max_chars.safeParse(value).success
    )
  })
  it.each(['', 'anthropic'])('provider %j agrees', (value) => {
    expect(SettingsPatch.safeParse({ provider: value }).success).toBe(
      CONFIG_SHAPE.provider.safeParse(value).success
    )
  })
})
