import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConfirmationRequested } from '../../src/shared/contract/tools'
import { EventHub } from '../../src/core/events'
import { ConfigStore } from '../../src/core/home/configStore'
import { ensureHome } from '../../src/core/home/home'
import type { HomePaths } from '../../src/core/home/homePaths'
import { EventConfirmationPort } from '../../src/core/tools/eventConfirmationPort'
import { readProjectServers } from '../../src/core/tools/mcp/projectServers'
import { ToolRegistry } from '../../src/core/tools/registry'
import { ToolsService } from '../../src/core/tools/toolsService'
import { denyAllConfirmations } from '../../src/core/tools/untrustedGate'
import { FIXTURE_SERVER, fixtureServer } from './fixtureServer'
import { testId } from '../../src/shared/testing/ids'

let root: string
let paths: HomePaths
let project: string
let service: ToolsService | undefined
let asked: ConfirmationRequested[]
let events: EventHub

/** Claude Code's project file, as a repository would carry it (`type: "stdio"`, a relative script). */
function writeProjectFile(servers: Record<string, unknown>): void {
  writeFileSync(join(project, '.mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2))
}

const PROJECT_SERVER = { type: 'stdio', command: process.execPath, args: [FIXTURE_SERVER, '--count', '3'] }

function createService(port: 'window' | 'cli' = 'window', timeoutMs?: number): ToolsService {
  const confirmation = port === 'window' ? new EventConfirmationPort(events, timeoutMs) : denyAllConfirmations
  service = new ToolsService({
    registry: new ToolRegistry({ now: () => Date.now() }),
    config: new ConfigStore(paths.config),
    contextWindow: () => 200_000,
    version: 'test',
    events,
    confirmation
  })
  return service
}

/** Answers the next project question the way a user would, from the event the window gets. */
function answerNext(approved: boolean): void {
  const unsubscribe = events.subscribe((event, payload) => {
    if (event !== 'tools.confirmationRequested') return
    unsubscribe()
    asked.push(payload)
    queueMicrotask(() => service!.answerConfirmation(payload.requestId, approved))
  })
}

const toolNames = (tools: readonly { name: string }[]): string[] => tools.map((tool) => tool.name)
const storedProjects = (): unknown => JSON.parse(readFileSync(paths.config, 'utf8')).mcp?.projects

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hearth-project-mcp-'))
  paths = ensureHome(join(root, 'home'))
  project = join(root, 'site')
  mkdirSync(project)
  writeFileSync(paths.config, '{}\n')
  asked = []
  events = new EventHub()
})
afterEach(async () => {
  await service?.dispose()
  service = undefined
  rmSync(root, { recursive: true, force: true })
})

describe("a project folder's .mcp.json", () => {
  it('is offered when a session starts there; allowed, its servers run untrusted in that folder only, and the answer is remembered', async () => {
    writeProjectFile({ site: PROJECT_SERVER })
    answerNext(true)
    const tools = await createService().sessionTools(testId.agent('a1'), { cwd: project, offer: true })
    expect(toolNames(tools)).toEqual([
      'mcp__site__create_repository',
      'mcp__site__get_repository',
      'mcp__site__list_repositories'
    ])
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({
      kind: 'projectServers',
      toolName: join(project, '.mcp.json'),
      untrustedServers: ['site']
    })
    expect(asked[0]!.input).toContain(FIXTURE_SERVER)
    expect(asked[0]!.reason).toMatch(/asks to run an MCP server for sessions in .*site.*untrusted/)
    expect(service!.mcp.get('site')?.config).toMatchObject({ trusted: false, cwd: project })
    expect(storedProjects()).toEqual({
      [project]: { decision: 'allow', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }
    })

    expect(
      toolNames(await service!.sessionTools(testId.agent('a1'), { cwd: project, offer: true }))
    ).toHaveLength(3)
    expect(toolNames(await service!.sessionTools(testId.agent('a1')))).toEqual([])
    expect(toolNames(await service!.sessionTools(testId.agent('a1'), { cwd: root, offer: true }))).toEqual([])
    expect(asked).toHaveLength(1)
    const call = await service!.dispatch(
      tools,
      'mcp__site__get_repository',
      { repo: 'acme/web' },
      { agentId: testId.agent('a1'), sessionId: testId.session('s1') }
    )
    expect(call.ok).toBe(true)
  })

  it('asks again once the file changes (an approval covers the file as it was), and a denial holds for the folder', async () => {
    writeProjectFile({ site: PROJECT_SERVER })
    answerNext(true)
    await createService().sessionTools(testId.agent('a1'), { cwd: project, offer: true })
    writeProjectFile({ site: PROJECT_SERVER, extra: { command: 'definitely-not-a-command-hearth' } })
    answerNext(false)
    expect(toolNames(await service!.sessionTools(testId.agent('a1'), { cwd: project, offer: true }))).toEqual(
      []
    )
    expect(asked.map((request) => JSON.parse(request.input))).toEqual([
      { site: expect.any(String) },
      { site: expect.any(String), extra: '`definitely-not-a-command-hearth`' }
    ])
    expect(storedProjects()).toMatchObject({ [project]: { decision: 'deny' } })
    writeProjectFile({ site: PROJECT_SERVER })
    const plan = await service!.planSession(testId.agent('a1'), { cwd: project, offer: true })
    expect(asked).toHaveLength(2)
    expect(plan.tools).toEqual([])
    expect(plan.serverProblems).toEqual([])
  })

  it('is not asked about during a turn, and nothing is remembered when nobody answers', async () => {
    writeProjectFile({ site: PROJECT_SERVER })
    createService('window', 50)
    expect(toolNames(await service!.sessionTools(testId.agent('a1'), { cwd: project }))).toEqual([])
    expect(asked).toHaveLength(0)
    const plan = await service!.planSession(testId.agent('a1'), { cwd: project, offer: true })
    expect(plan.tools).toEqual([])
    expect(plan.serverProblems).toEqual([
      { server: '*', message: expect.stringContaining(`offers MCP servers (site) that were not run`) }
    ])
    expect(storedProjects()).toBeUndefined()
  })

  it('in the CLI (nobody to ask) is reported with the command that allows it, and that decision is honoured', async () => {
    writeProjectFile({ site: PROJECT_SERVER })
    const plan = await createService('cli').planSession(testId.agent('a1'), { cwd: project, offer: true })
    expect(plan.problems).toEqual([
      `${join(project, '.mcp.json')} offers MCP servers (site) that were not run: allow them when a session starts in the app, or with \`hearth mcp project allow ${project}\``
    ])
    const found = readProjectServers(project, {})
    writeFileSync(
      paths.config,
      JSON.stringify({ mcp: { projects: { [project]: { decision: 'allow', sha256: found!.sha256 } } } })
    )
    expect(
      toolNames(await service!.sessionTools(testId.agent('a1'), { cwd: project, offer: true }))
    ).toHaveLength(3)
  })

  it("never replaces a config.json server of the same name, and keeps the file's warnings per entry", async () => {
    writeFileSync(paths.config, JSON.stringify({ mcpServers: { site: fixtureServer(['--count', '2']) } }))
    writeProjectFile({
      site: PROJECT_SERVER,
      odd: { ...PROJECT_SERVER, args: [FIXTURE_SERVER, '--count', '1'], alwaysAllow: ['x'] }
    })
    answerNext(true)
    const plan = await createService().planSession(testId.agent('a1'), { cwd: project, offer: true })
    expect(toolNames(plan.tools)).toEqual([
      'mcp__odd__list_repositories',
      'mcp__site__get_repository',
      'mcp__site__list_repositories'
    ])
    expect(service!.mcp.get('site')?.config.trusted).toBe(true)
    expect(plan.serverProblems.map((problem) => `${problem.server}: ${problem.message}`)).toEqual([
      `odd: ${join(project, '.mcp.json')}: "alwaysAllow" is not used by Hearth; ignored`,
      `site: ${join(project, '.mcp.json')}: another server is already named "site"; this folder's entry is left out (rename it in the file)`
    ])
    expect((await service!.servers.list()).servers.map((server) => server.name)).toEqual(['site'])
  })

  it('reads a malformed file as one clear problem and runs nothing', async () => {
    writeFileSync(join(project, '.mcp.json'), '\uFEFF{"mcpServers": {"site": ')
    const plan = await createService().planSession(testId.agent('a1'), { cwd: project, offer: true })
    expect(asked).toHaveLength(0)
    expect(plan.problems).toEqual([expect.stringMatching(/site\/\.mcp\.json is not valid JSON \(/)])
  })
})
