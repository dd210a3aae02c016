import { describe, expect, it } from 'vitest'
import type { ToolsListView } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'

function view(enabled: boolean): ToolsListView {
  return {
    agentId: testId.agent('ada'),
    configured: enabled ? ['core', 'mcp'] : ['core'],
    usesDefault: enabled,
    toolsets: [
      {
        name: 'memory',
        kind: 'builtin',
        description: 'memory',
        enabled: true,
        status: 'ready',
        trusted: null,
        toolCount: 1,
        tokens: 400,
        error: null,
        warnings: [],
        blockedTools: []
      },
      {
        name: 'mcp-github',
        kind: 'mcp',
        description: 'GitHub',
        enabled,
        status: 'running',
        trusted: false,
        toolCount: 40,
        tokens: 8000,
        error: null,
        warnings: [],
        blockedTools: []
      }
    ],
    session: {
      deferred: false,
      reason: 'Not deferred',
      deferrableTokens: 8000,
      thresholdTokens: 20000,
      firstRequestTokens: 8400,
      visibleTools: ['memory'],
      deferredTools: [],
      untrustedServers: []
    },
    problems: []
  }
}

const request = {
  requestId: 'r1',
  agentId: 'ada',
  sessionId: 's',
  toolName: 'memory',
  input: '{}',
  reason: 'untrusted server',
  untrustedServers: ['github'],
  expiresAt: 1
}

describe('tools slice', () => {
  it('loads the view, switches a toolset off and keeps the cache-cost notice', async () => {
    const api = createFakeApi()
    let enabled = true
    api.handle('tools.list', () => view(enabled))
    api.handle('tools.setEnabled', (input) => {
      enabled = input.enabled
      return {
        agentId: 'ada',
        configured: ['core'],
        takesEffect: 'next_session',
        cacheCost: { tokens: 400, message: 'writes ~400 tokens once' }
      }
    })
    const store = createAppStore(api)
    await store.getState().loadTools(testId.agent('ada'))
    expect(store.getState().toolsView?.toolsets[1]?.enabled).toBe(true)
    const result = await store.getState().setToolsetEnabled(testId.agent('ada'), 'mcp-github', false)
    expect(result.ok).toBe(true)
    expect(store.getState().toolsView?.toolsets[1]?.enabled).toBe(false)
    expect(store.getState().toolsNotice).toBe('writes ~400 tokens once')
    expect(api.calls.map((c) => c.method)).toEqual(['tools.list', 'tools.setEnabled', 'tools.list'])
  })

  it('reports a refused change inline', async () => {
    const api = createFakeApi()
    api.handle('tools.setEnabled', () => {
      throw new Error('config.json has problems')
    })
    const store = createAppStore(api)
    expect(await store.getState().setToolsetEnabled(testId.agent('ada'), 'x', true)).toEqual({
      ok: false,
      message: 'config.json has problems'
    })
  })

  it('queues confirmation requests from events and clears them when answered or resolved elsewhere', async () => {
    const api = createFakeApi()
    api.handle('tools.confirm', () => ({ resolved: true }))
    const store = createAppStore(api)
    connectEvents(api, store)
    api.emit('tools.confirmationRequested', request)
    api.emit('tools.confirmationRequested', { ...request, requestId: 'r2' })
    expect(store.getState().toolConfirmations.map((c) => c.requestId)).toEqual(['r1', 'r2'])
    await store.getState().answerToolConfirmation('r1', false)
    expect(api.calls.at(-1)).toEqual({ method: 'tools.confirm', input: { requestId: 'r1', approved: false } })
    api.emit('tools.confirmationResolved', { requestId: 'r2', approved: true })
    expect(store.getState().toolConfirmations).toEqual([])
  })

  it('updates a server row when its status changes', async () => {
    const api = createFakeApi()
    api.handle('tools.list', () => view(true))
    const store = createAppStore(api)
    connectEvents(api, store)
    await store.getState().loadTools(testId.agent('ada'))
    api.emit('tools.serverStatusChanged', {
      server: 'github',
      status: 'crashed',
      toolCount: 0,
      error: 'exited'
    })
    expect(store.getState().toolsView?.toolsets[1]).toMatchObject({
      status: 'crashed',
      error: 'exited',
      toolCount: 40
    })
  })
})
