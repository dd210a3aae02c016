import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEARTH_VERSION } from '../../src/shared/version'
import { CLI, runHearth } from '../helpers/cli'
import { makeTempDir } from '../helpers/tempHome'

let temp: ReturnType<typeof makeTempDir>
beforeAll(() => {
  temp = makeTempDir()
  expect(runHearth(['init', '--home', temp.dir]).code).toBe(0)
})
afterAll(() => temp.cleanup())

/**
 * The modules one run of the built CLI loaded: a preload script writes `require.cache` when the
 * process exits, so the test sees what really loaded, not what the sources say.
 */
function loadedBy(args: readonly string[]): { code: number; stdout: string; modules: string[] } {
  const list = join(temp.dir, 'loaded.json')
  const preload = join(temp.dir, 'listLoaded.cjs')
  writeFileSync(
    preload,
    `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, JSON.stringify(Object.keys(require.cache))))\n`
  )
  const run = spawnSync(process.execPath, ['--require', preload, CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, HEARTH_SECRET_STORE: 'memory', ANTHROPIC_API_KEY: '' },
    timeout: 60_000
  })
  const modules = (JSON.parse(readFileSync(list, 'utf8')) as string[]).filter((path) => path !== preload)
  return { code: run.status ?? -1, stdout: run.stdout, modules }
}

const dependency = (modules: readonly string[], name: string): boolean =>
  modules.some((path) => path.includes(`/node_modules/${name}/`))
const chunk = (modules: readonly string[], name: string): boolean =>
  modules.some((path) => path.includes(`/out/cli/${name}-`))

describe('hearth CLI start-up: a command loads only what it runs', () => {
  it('--version prints the package version and loads nothing but the entry', () => {
    const run = loadedBy(['--version'])
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }
    expect(run.code).toBe(0)
    expect(run.stdout).toBe(`${pkg.version}\n`)
    expect(HEARTH_VERSION).toBe(pkg.version)
    expect(run.modules.filter((path) => path.includes('/node_modules/'))).toEqual([])
  })

  it('--help lists the commands from the table without loading the core', () => {
    const run = loadedBy(['--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('hearth agents list')
    expect(chunk(run.modules, 'createCore')).toBe(false)
    for (const name of ['@anthropic-ai/sdk', 'better-sqlite3', '@modelcontextprotocol/sdk', 'sharp', 'ws'])
      expect(dependency(run.modules, name), name).toBe(false)
  })

  it('serve is parsed without the command table, so its address comes before the contract loads', () => {
    const run = loadedBy(['serve', '--help'])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('hearth serve [--port N]')
    for (const name of ['commands', 'createCore', 'webHost'])
      expect(chunk(run.modules, name), name).toBe(false)
  })

  it('a light command opens the core but not the web host, the MCP server or client, the bench or sharp', () => {
    const run = loadedBy(['agents', 'list', '--home', temp.dir, '--json'])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({ agents: [] })
    expect(chunk(run.modules, 'createCore')).toBe(true)
    // The model SDK loads on the first model call, the MCP SDK (with its own zod) when a server
    // connects, the importers' and sync's libraries on first use.
    for (const name of [
      'ws',
      'sharp',
      '@anthropic-ai/sdk',
      '@modelcontextprotocol/sdk',
      'zod',
      'stream-json',
      'stream-chain',
      'yaml',
      'simple-git'
    ])
      expect(dependency(run.modules, name), name).toBe(false)
    for (const name of ['webHost', 'mcpHttpHost', 'nexusMcpServer', 'mcpTransports', 'suites'])
      expect(chunk(run.modules, name), name).toBe(false)
  })
})
