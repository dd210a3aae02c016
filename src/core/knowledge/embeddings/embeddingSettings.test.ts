import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigStore } from '../../home/configStore'
import { MemorySecretStore } from '../../ports/secretStore'
import { EmbeddingSettings } from './embeddingSettings'

let dir: string | undefined
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

function settingsOn(config: unknown): { settings: EmbeddingSettings; path: string; reads: () => number } {
  dir = mkdtempSync(join(tmpdir(), 'hearth-embedding-settings-'))
  const path = join(dir, 'config.json')
  writeFileSync(path, JSON.stringify(config))
  const store = new ConfigStore(path)
  let reads = 0
  const read = (): ReturnType<ConfigStore['config']> => {
    reads++
    return store.config()
  }
  return {
    settings: new EmbeddingSettings(read, store, new MemorySecretStore(), {}),
    path,
    reads: () => reads
  }
}

describe('the embedding endpoint read from config.json', () => {
  it('is parsed once while the file stays as it is', async () => {
    const { settings, reads } = settingsOn({ embeddings: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } })
    for (let i = 0; i < 5; i++) expect((await settings.endpoint())?.model).toBe('m')
    expect(reads()).toBe(1)
  })

  it('follows an edit made in place, by Hearth’s own save, and the file’s removal', async () => {
    const { settings, path } = settingsOn({
      embeddings: { baseUrl: 'http://127.0.0.1:9/v1', model: 'first' }
    })
    expect((await settings.endpoint())?.model).toBe('first')
    // An editor writing over the same file: same inode, new size and times.
    writeFileSync(
      path,
      JSON.stringify({ embeddings: { baseUrl: 'http://127.0.0.1:9/v1', model: 'second-model' } })
    )
    expect((await settings.endpoint())?.model).toBe('second-model')
    await settings.save({ baseUrl: 'http://127.0.0.1:9/v1', model: 'third' })
    expect((await settings.endpoint())?.model).toBe('third')
    rmSync(path)
    expect(await settings.endpoint()).toBeNull()
  })
})
