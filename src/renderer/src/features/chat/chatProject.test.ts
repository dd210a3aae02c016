import { describe, expect, it } from 'vitest'
import type { Agent, SessionSummary } from '../../../../shared/contract'
import { memoryKeyValueStore } from '../../lib/keyValueStore'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi, type FakeApi } from '../../testing/fakeApi'
import { sessionDetailFixture, sessionSummaryFixture, onePage } from '../../testing/sessionFixture'
import { selectProjectDir } from '../files/projectFolderSlice'
import { testId } from '../../../../shared/testing/ids'

const agents: Agent[] = [
  { id: testId.agent('ada'), name: 'Ada', createdAtMs: 1 },
  { id: testId.agent('bo'), name: 'Bo', createdAtMs: 2 }
]

function summary(agentId: string, cwd: string | null): SessionSummary {
  return sessionSummaryFixture({ id: testId.session(`s_${agentId}`), agentId: testId.agent(agentId), cwd })
}

function fakeHome(): FakeApi {
  const api = createFakeApi()
  api.handle('agents.list', () => agents)
  api.handle('sessions.list', ({ agentId }) =>
    onePage(agentId === 'ada' ? [summary('ada', '/home/ada/site')] : [])
  )
  api.handle('chat.send', ({ sessionId }) => ({ turnId: 't1', sessionId: sessionId ?? 's_new' }))
  api.handle('sessions.get', ({ id }) =>
    sessionDetailFixture({ id: testId.session(id), agentId: testId.agent('ada'), cwd: '/home/ada/docs' })
  )
  return api
}

describe('the project folder per agent', () => {
  it('starts from the newest session, keeps a choice per agent across a reload, and new chats send it', async () => {
    const storage = memoryKeyValueStore()
    const api = fakeHome()
    const store = createAppStore(api, storage)
    await store.getState().loadAgents()
    await store.getState().loadProjectDir()
    expect(selectProjectDir(store.getState())).toBe('/home/ada/site')

    store.getState().chooseProjectDir('/home/ada/docs')
    store.getState().selectAgent(testId.agent('bo'))
    await store.getState().loadProjectDir()
    expect(selectProjectDir(store.getState())).toBeNull()

    const reloaded = createAppStore(api, storage)
    await reloaded.getState().loadAgents()
    await reloaded.getState().loadProjectDir()
    expect(selectProjectDir(reloaded.getState())).toBe('/home/ada/docs')
    await reloaded.getState().sendChat('hello')
    expect(api.calls.find((call) => call.method === 'chat.send')?.input).toEqual({
      text: 'hello',
      agentId: 'ada',
      cwd: '/home/ada/docs'
    })
  })

  it('an open session keeps its own folder; moving it asks with the cost, then starts a new chat there', async () => {
    const api = fakeHome()
    api.handle('sessions.cacheBreakCost', ({ cwd }) => ({
      model: 'm',
      prefixTokens: cwd === '/home/ada/next' ? 3400 : 0,
      extraCostUsd: 0.008
    }))
    const store = createAppStore(api, memoryKeyValueStore())
    await store.getState().loadAgents()
    await store.getState().openChatSession('s_open')
    await store.getState().sendChat('more')
    expect(api.calls.filter((call) => call.method === 'chat.send').at(-1)?.input).toEqual({
      text: 'more',
      sessionId: testId.session('s_open')
    })

    await store.getState().changeChatFolder('/home/ada/next')
    expect(store.getState().chatCacheBreak).toEqual({
      kind: 'switch-folder',
      model: 'm',
      cwd: '/home/ada/next',
      prefixTokens: 3400,
      extraCostUsd: 0.008
    })
    expect(store.getState().chatSessionId).toBe('s_open')
    store.getState().confirmFolderChange()
    expect(store.getState().chatSessionId).toBeNull()
    expect(store.getState().chatCacheBreak).toBeNull()
    expect(selectProjectDir(store.getState())).toBe('/home/ada/next')
    expect(store.getState().chatNotice).toBe('New chat in /home/ada/next. The earlier chat keeps its folder.')
  })

  it('previews the rules file of a new chat only where there is a folder to hold one', async () => {
    const api = fakeHome()
    api.handle('prompt.assemble', ({ agentId, cwd }) => ({
      text: 'You are Ada.',
      tiers: { stable: 'You are Ada.', context: '', volatile: '' },
      tierOffsets: {},
      layers: [
        {
          id: 'rules',
          tier: 'context',
          source: `${cwd ?? ''}/AGENTS.md`,
          chars: 40,
          tokens: 10,
          truncated: false,
          blocked: [],
          warnings: [],
          withheld: [],
          start: 0,
          end: 40,
          findings: [],
          truncation: null
        }
      ],
      warnings: [],
      tokens: 3,
      agentId,
      cwd: cwd ?? null,
      model: 'm',
      provider: 'anthropic',
      platform: 'linux',
      toolNames: []
    }))
    const store = createAppStore(api, memoryKeyValueStore())
    await store.getState().loadAgents()
    store.getState().selectAgent(testId.agent('bo'))
    await store.getState().loadProjectDir()
    await store.getState().previewChatFolder()
    expect(store.getState().chatFolderPreview).toEqual({ agentId: 'bo', cwd: null, rules: null, error: null })
    expect(api.calls.some((call) => call.method === 'prompt.assemble')).toBe(false)

    store.getState().chooseProjectDir('/home/bo/site')
    await store.getState().previewChatFolder()
    expect(api.calls.filter((call) => call.method === 'prompt.assemble').map((call) => call.input)).toEqual([
      { agentId: 'bo', cwd: '/home/bo/site' }
    ])
    expect(store.getState().chatFolderPreview).toEqual({
      agentId: 'bo',
      cwd: '/home/bo/site',
      rules: { path: '/home/bo/site/AGENTS.md', blocked: false, truncated: false },
      error: null
    })
  })
})
