import { execFile } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../tests/helpers/tempHome'
import { ConfigStore, mergePatch } from './configStore'

const run = promisify(execFile)
const WRITER = join(__dirname, '../../../tests/fixtures/configWriter.mjs')

let temp: ReturnType<typeof makeTempDir>
let store: ConfigStore
const onDisk = (): Record<string, unknown> =>
  JSON.parse(readFileSync(store.path, 'utf8')) as Record<string, unknown>

beforeEach(() => {
  temp = makeTempDir()
  store = new ConfigStore(join(temp.dir, 'config.json'))
})
afterEach(() => temp.cleanup())

describe('ConfigStore', () => {
  it('reads a missing file as defaults and creates it only when asked', () => {
    expect(store.read()).toMatchObject({ errors: [], raw: {} })
    store.ensureFile()
    expect(readFileSync(store.path, 'utf8')).toBe('{}\n')
    writeFileSync(store.path, '{"model": "mine"}')
    store.ensureFile()
    expect(store.config().model).toBe('mine')
  })

  it('reads the file every time but parses it again only when its text changed, and shares it read-only', () => {
    writeFileSync(store.path, '{"model": "mine"}')
    const first = store.read()
    expect(store.read()).toBe(first)
    expect(() => {
      ;(first.config as { model: string }).model = 'theirs'
    }).toThrow(TypeError)
    // Another process (the CLI, the user's editor) changed it: read fresh.
    writeFileSync(store.path, '{"model": "yours"}')
    expect(store.config().model).toBe('yours')
    writeFileSync(store.path, '{"model": ')
    expect(store.read().errors).not.toEqual([])
  })

  it('deep-merges a patch, keeping unknown keys and siblings at every level', async () => {
    writeFileSync(
      store.path,
      JSON.stringify({ plugin: { on: true }, agents: { a: { model: 'm1' }, b: { toolsets: ['x'] } } })
    )
    const loaded = await store.patch({ agents: { a: { toolsets: ['memory'] } }, cacheTtl: '1h' })
    expect(onDisk()).toEqual({
      plugin: { on: true },
      agents: { a: { model: 'm1', toolsets: ['memory'] }, b: { toolsets: ['x'] } },
      cacheTtl: '1h'
    })
    expect(loaded.config.agents.a).toEqual({ model: 'm1', toolsets: ['memory'] })
    expect(loaded.config.cacheTtl).toBe('1h')
  })

  it('takes an edit function for changes a merge cannot express, on a copy of the file', async () => {
    writeFileSync(
      store.path,
      JSON.stringify({ mcpServers: { old: { command: 'x' }, keep: { command: 'y' } } })
    )
    await store.patch((raw) => {
      const servers = { ...(raw.mcpServers as Record<string, unknown>) }
      delete servers.old
      return { ...raw, mcpServers: servers }
    })
    expect(onDisk()).toEqual({ mcpServers: { keep: { command: 'y' } } })
  })

  it('refuses to touch a malformed file and leaves it byte for byte', async () => {
    for (const bad of [
      '{ "model": ',
      '[1]',
      '{"cacheTtl": "2h"}',
      '{"tools": {"search": {"maxLimit": 0}}}'
    ]) {
      writeFileSync(store.path, bad)
      await expect(store.patch({ model: 'x' })).rejects.toMatchObject({
        code: 'conflict',
        message: expect.stringContaining('will not overwrite')
      })
      expect(readFileSync(store.path, 'utf8')).toBe(bad)
    }
  })

  it('refuses a change that would not validate, naming the field, and writes nothing', async () => {
    writeFileSync(store.path, '{"model": "m"}')
    await expect(store.patch({ recall: { k: 99 } })).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('"recall.k"')
    })
    await expect(store.patch({ tools: { search: { thresholdPct: 500 } } })).rejects.toMatchObject({
      message: expect.stringContaining('tools.search.thresholdPct')
    })
    expect(readFileSync(store.path, 'utf8')).toBe('{"model": "m"}')
  })

  it('validates the tools section with the same schema as every other section', () => {
    writeFileSync(
      store.path,
      JSON.stringify({ tools: { search: { enabled: 'off', maxLimit: 0 }, mcp: { callTimeoutMs: 5000 } } })
    )
    const loaded = store.read()
    expect(loaded.config.tools.search).toMatchObject({ enabled: 'off', maxLimit: 20 })
    expect(loaded.config.tools.mcpCallTimeoutMs).toBe(5000)
    expect(loaded.errors).toEqual([expect.stringContaining('"tools.search.maxLimit"')])
  })

  it('loses no change when several processes patch at once', async () => {
    store.ensureFile()
    const writers = ['p1', 'p2', 'p3'].map((name) => run(process.execPath, [WRITER, store.path, name, '15']))
    const results = await Promise.all(writers)
    expect(results.map((result) => result.stdout.trim())).toEqual(['done', 'done', 'done'])
    expect(Object.keys(onDisk().writers as object)).toHaveLength(45)
  }, 60_000)
})

describe('mergePatch', () => {
  it('skips undefined values, keeps null, and replaces arrays and non-object values', () => {
    expect(
      mergePatch(
        { a: 1, memory: 'odd', list: [1, 2], baseUrl: 'http://x' },
        {
          model: undefined,
          memory: { userCharLimit: 5, memoryCharLimit: undefined },
          list: [3],
          baseUrl: null
        }
      )
    ).toEqual({
      a: 1,
      memory: { userCharLimit: 5 },
      list: [3],
      baseUrl: null
    })
  })
})
