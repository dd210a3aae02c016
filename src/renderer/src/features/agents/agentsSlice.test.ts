import { describe, expect, it } from 'vitest'
import type { Agent } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { connectEvents } from '../../app/connectEvents'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { selectAgentName, selectAuthorName } from './agentsSlice'

const agent = (id: string, name: string): Agent => ({ id: testId.agent(id), name, createdAtMs: 1 })

describe('agents slice', () => {
  it('starts the first run on an empty home and moves to the profile step once an agent exists', async () => {
    const api = createFakeApi()
    api.handle('agents.list', () => [])
    api.handle('agents.create', ({ name }) => agent('ada', name))
    const store = createAppStore(api)
    await store.getState().loadAgents()
    expect(store.getState().firstRunStep).toBe('agent')
    const created = await store.getState().createAgent('Ada')
    expect(created).toEqual({ ok: true, value: agent('ada', 'Ada') })
    expect(store.getState().firstRunStep).toBe('profile')
    expect(store.getState().selectedAgentId).toBe('ada')
  })

  it('keeps one copy when agents.changed arrives before the create reply, and reports refusals inline', async () => {
    const api = createFakeApi()
    const store = createAppStore(api)
    connectEvents(api, store)
    api.handle('agents.create', ({ name }) => {
      api.emit('agents.changed', { agents: [agent('ada', name)] })
      return agent('ada', name)
    })
    await store.getState().createAgent('Ada')
    expect(store.getState().agentIds).toEqual(['ada'])

    api.handle('agents.create', () => {
      throw new Error('An agent with id "ada" already exists')
    })
    expect(await store.getState().createAgent('Ada')).toEqual({
      ok: false,
      message: 'An agent with id "ada" already exists'
    })
  })

  it('selects another agent when the selected one is deleted', async () => {
    const api = createFakeApi()
    api.handle('agents.list', () => [agent('a', 'A'), agent('b', 'B')])
    api.handle('agents.delete', () => ({ deleted: true }))
    const store = createAppStore(api)
    await store.getState().loadAgents()
    store.getState().selectAgent(testId.agent('b'))
    await store.getState().deleteAgent(testId.agent('b'))
    expect(store.getState().agentIds).toEqual(['a'])
    expect(store.getState().selectedAgentId).toBe('a')
    expect(store.getState().firstRunStep).toBeNull()
  })

  it("names an agent by its display name, and a Nexus author by its agent's name only when it is one", () => {
    const store = createAppStore(createFakeApi())
    store.getState().receiveAgents([agent('ada', 'Ada Lovelace')])
    const state = store.getState()
    expect(selectAgentName(testId.agent('ada'))(state)).toBe('Ada Lovelace')
    expect(selectAgentName(testId.agent('gone'))(state)).toBe('gone')
    expect(
      ['ada', 'user', 'claude-code', 'Claude.Code'].map((author) => selectAuthorName(author)(state))
    ).toEqual(['Ada Lovelace', 'user', 'claude-code', 'Claude.Code'])
  })

  it('reloads what the screens show after a reconnect', async () => {
    const api = createFakeApi()
    let lists = 0
    api.handle('agents.list', () => {
      lists += 1
      return [agent('a', 'A')]
    })
    api.handle('settings.get', () => ({
      settings: {
        model: 'm',
        provider: 'anthropic',
        baseUrl: null,
        cacheTtl: '5m',
        context_file_max_chars: null,
        memory: { memoryCharLimit: 4000, userCharLimit: 2000, agentWrites: 'receipt' },
        recall: { k: 5 },
        retention: { idleMinutes: 30, minChars: 60 }
      },
      endpoint: { url: 'https://api.anthropic.com', source: 'default' },
      configErrors: [],
      configPath: '/c',
      apiKey: {
        configured: false,
        protectedByOs: false,
        origin: 'https://api.anthropic.com',
        source: 'none',
        savedFor: null,
        savedOrigins: [],
        storage: 'memory',
        persistent: false,
        notice: null,
        storageNote: null,
        storageDetail: null
      }
    }))
    const store = createAppStore(api)
    connectEvents(api, store)
    api.setConnection('connected')
    api.setConnection('reconnecting')
    expect(store.getState().connection).toBe('reconnecting')
    api.setConnection('connected')
    await expect.poll(() => lists).toBe(1)
    expect(store.getState().connection).toBe('connected')
  })
})
