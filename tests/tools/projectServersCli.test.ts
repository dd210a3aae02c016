import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toolNames } from '../fakeAnthropic'
import { runHearthAsync } from '../helpers/cli'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { readProjectServers } from '../../src/core/tools/mcp/projectServers'
import { FIXTURE_SERVER } from './fixtureServer'

const harness = useFakeModelCore()

/** A project folder carrying Claude Code's `.mcp.json` with one local server. */
function makeProject(): string {
  const folder = join(harness.home, 'projects', 'site')
  mkdirSync(folder, { recursive: true })
  const servers = {
    site: { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER, '--count', '2'] }
  }
  writeFileSync(join(folder, '.mcp.json'), JSON.stringify({ mcpServers: servers }))
  harness.open({ agent: ['Ops', 'ops'], env: {} }).dispose()
  return folder
}

const env = (): NodeJS.ProcessEnv => ({ ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: harness.fake.url })
const hearth = (...args: string[]) => runHearthAsync(['--home', harness.home, ...args], { env: env() })

describe("`hearth` and a project folder's .mcp.json", () => {
  it('chat reports the servers it did not run and the command that allows them', async () => {
    const folder = makeProject()
    harness.fake.script('No tools here yet.')
    const run = await hearth('--json', 'chat', '--agent', 'ops', '--cwd', folder, 'What can you run?')
    expect(run.code, run.stderr).toBe(0)
    expect(run.json<{ problems: unknown[] }>().problems).toEqual([
      {
        server: '*',
        message: `${join(folder, '.mcp.json')} offers MCP servers (site) that were not run: allow them when a session starts in the app, or with \`hearth mcp project allow ${folder}\``
      }
    ])
    const offered = toolNames(harness.fake.requests.at(-1)?.body)
    expect(offered.filter((name) => name.startsWith('mcp__'))).toEqual([])
  })

  it('chat in an allowed folder runs its server like any other', async () => {
    const folder = makeProject()
    writeDecision(folder, 'allow', readProjectServers(folder, {})!.sha256)
    harness.fake.script({ toolUses: [{ name: 'mcp__site__list_repositories', input: {} }] }, 'Listed.')
    const run = await hearth('--json', 'chat', '--agent', 'ops', '--cwd', folder, 'List the repositories')
    expect(run.code, run.stderr).toBe(0)
    const out = run.json<{ toolCalls: { name: string; ok: boolean }[]; problems: unknown[] }>()
    expect(out.toolCalls).toEqual([{ name: 'mcp__site__list_repositories', input: {}, ok: true }])
    expect(out.problems).toEqual([])
  })

  it('mcp project shows the file and its decision in words; --allow records this exact file', async () => {
    const folder = makeProject()
    const shown = await hearth('mcp', 'project', folder)
    expect(shown.code, shown.stderr).toBe(0)
    expect(shown.stdout).toBe(
      `${join(folder, '.mcp.json')}: not decided (a new session in the app asks)\n  site\t\`${process.execPath} ${FIXTURE_SERVER} --count 2\`\n`
    )
    const allowed = await hearth('--json', 'mcp', 'project', folder, '--allow')
    expect(allowed.json()).toMatchObject({
      folder,
      decision: 'allow',
      servers: [{ name: 'site' }],
      problems: []
    })
    expect(storedProjects()).toEqual({
      [folder]: { decision: 'allow', sha256: readProjectServers(folder, {})!.sha256 }
    })
  })

  it('mcp project --deny, then --forget clears the decision', async () => {
    const folder = makeProject()
    expect((await hearth('mcp', 'project', folder, '--deny')).stdout).toMatch(/\.mcp\.json: denied\n/)
    expect((await hearth('--json', 'mcp', 'project', folder, '--forget')).json()).toMatchObject({
      decision: null
    })
    expect(storedProjects()).toEqual({})
  })

  it('mcp project takes one action at a time, and exits 1 for a folder without the file', async () => {
    const folder = makeProject()
    expect((await hearth('mcp', 'project', folder, '--allow', '--deny')).code).toBe(2)
    expect(await hearth('mcp', 'project', harness.home)).toMatchObject({
      code: 1,
      stdout: `${harness.home} has no .mcp.json\n`
    })
  })
})

function writeDecision(folder: string, decision: 'allow' | 'deny', sha256: string): void {
  writeFileSync(
    join(harness.home, 'config.json'),
    JSON.stringify({ mcp: { projects: { [folder]: { decision, sha256 } } } })
  )
}

function storedProjects(): unknown {
  return JSON.parse(readFileSync(join(harness.home, 'config.json'), 'utf8')).mcp.projects
}
