import { readFileSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ToolsListView } from '../../src/shared/contract/tools'
import { createCore, type Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { makeTempDir } from '../helpers/tempHome'
import { fixtureServer } from './fixtureServer'
import { testId } from '../../src/shared/testing/ids'

let temp: ReturnType<typeof makeTempDir>
let core: Core

beforeEach(() => {
  temp = makeTempDir()
  writeFileSync(
    `${temp.dir}/config.json`,
    JSON.stringify({ mcpServers: { web: fixtureServer(['--count', '3'], false) } })
  )
  core = createCore({ home: temp.dir, host: 'web', env: {} })
  core.services.agents.create('Scout', testId.agent('scout'))
})
afterEach(() => {
  core.dispose()
  temp.cleanup()
})

describe('tools.* over the RPC dispatch (desktop/web host)', () => {
  it('tools.list returns a view that parses with the contract schema', async () => {
    const result = await dispatch(core.handlers, { method: 'tools.list', input: { agentId: 'scout' } })
    if (!result.ok) throw new Error(result.error.message)
    const view = ToolsListView.parse(result.value)
    expect(view.toolsets.map((t) => t.name)).toEqual([
      'memory',
      'nexus',
      'recall',
      'session_search',
      'skills',
      'mcp-web'
    ])
    expect(view.toolsets.every((t) => t.enabled)).toBe(true)
    expect(view.session.untrustedServers).toEqual(['web'])
    expect(view.toolsets.find((t) => t.name === 'memory')).toMatchObject({ status: 'ready', toolCount: 1 })
  })

  it('an unknown agent is not_found and an unknown toolset invalid_input', async () => {
    expect(
      await dispatch(core.handlers, { method: 'tools.list', input: { agentId: 'ghost' } })
    ).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(
      await dispatch(core.handlers, {
        method: 'tools.setEnabled',
        input: { agentId: 'scout', toolset: 'nope', enabled: true }
      })
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('the untrusted gate asks the UI through an event and tools.confirm answers it', async () => {
    const requests: Array<{ requestId: string; toolName: string }> = []
    core.subscribe((event, payload) => {
      if (event === 'tools.confirmationRequested') requests.push(payload)
    })
    const tools = await core.services.tools.sessionTools(testId.agent('scout'))
    const pending = core.services.tools.dispatch(
      tools,
      'memory',
      { action: 'add', target: 'memory', content: 'The user reviews PRs on Mondays' },
      { agentId: testId.agent('scout'), sessionId: testId.session('sess-1') }
    )
    await expect.poll(() => requests.length).toBe(1)
    expect(requests[0]?.toolName).toBe('memory')
    const answer = await dispatch(core.handlers, {
      method: 'tools.confirm',
      input: { requestId: requests[0]!.requestId, approved: true }
    })
    expect(answer).toEqual({ ok: true, value: { resolved: true } })
    expect((await pending).ok).toBe(true)
    expect(readFileSync(core.services.paths.memory(testId.agent('scout')), 'utf8')).toContain(
      'The user reviews PRs on Mondays'
    )
    expect(
      await dispatch(core.handlers, {
        method: 'tools.confirm',
        input: { requestId: requests[0]!.requestId, approved: true }
      })
    ).toEqual({ ok: true, value: { resolved: false } })
  })
})
