import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir } from '../../../tests/helpers/tempHome'
import { ConfigStore } from './configStore'
import { ensureHome } from './home'
import { resolveHomeDir } from './homePaths'

let temp: ReturnType<typeof makeTempDir>
afterEach(() => temp?.cleanup())

describe('home folder', () => {
  it('creates the layout on first use and is idempotent', () => {
    temp = makeTempDir()
    const root = join(temp.dir, 'nested', 'home')
    const paths = ensureHome(root)
    expect(readFileSync(paths.user, 'utf8')).toMatch(/About me/)
    expect(readFileSync(paths.config, 'utf8').trim()).toBe('{}')
    writeFileSync(paths.user, 'my own profile')
    ensureHome(root)
    expect(readFileSync(paths.user, 'utf8')).toBe('my own profile')
  })

  it('never overwrites a malformed config.json and reports the problem', () => {
    temp = makeTempDir()
    const paths = ensureHome(temp.dir)
    writeFileSync(paths.config, '{"cacheTtl": 7')
    const loaded = new ConfigStore(paths.config).read()
    expect(loaded.errors[0]).toMatch(/not valid JSON/)
    ensureHome(temp.dir)
    expect(readFileSync(paths.config, 'utf8')).toBe('{"cacheTtl": 7')
  })

  it('resolves --home over HEARTH_HOME over ~/.hearth', () => {
    expect(resolveHomeDir('/a/b', { HEARTH_HOME: '/c' })).toBe('/a/b')
    expect(resolveHomeDir(undefined, { HEARTH_HOME: '/c' })).toBe('/c')
    expect(resolveHomeDir(undefined, {})).toMatch(/\.hearth$/)
  })
})
