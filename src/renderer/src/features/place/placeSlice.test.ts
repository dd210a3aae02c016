import { describe, expect, it } from 'vitest'
import type { UiState } from '../../../../shared/contract'
import { testId } from '../../../../shared/testing/ids'
import { createAppStore } from '../../store/createAppStore'
import { createFakeApi } from '../../testing/fakeApi'
import { onePage } from '../../testing/sessionFixture'
import { watchPlace } from './placeSlice'

const LAST_PLACE: UiState = {
  theme: 'dark',
  place: { agentId: testId.agent('coder'), sessionId: null, section: 'review', scroll: {} }
}

/** A store whose core keeps LAST_PLACE, handed back when `release` is called. */
function startingApp() {
  const api = createFakeApi()
  const store = createAppStore(api)
  let release: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (release = resolve))
  api.handle('ui.get', async () => (await answered, LAST_PLACE))
  api.handle('ui.setPlace', () => ({ saved: true }))
  api.handle('sessions.list', () => onePage([]))
  store.getState().receiveAgents([
    { id: testId.agent('scribe'), name: 'Scribe', createdAtMs: 1 },
    { id: testId.agent('coder'), name: 'Coder', createdAtMs: 2 },
    { id: testId.agent('wren'), name: 'Wren', createdAtMs: 3 }
  ])
  return { api, store, release }
}

describe('the place put back at start-up', () => {
  it('brings back the agent and section the user left', async () => {
    const { store, release } = startingApp()
    const restored = store.getState().restorePlace()
    release()
    await restored
    expect(store.getState()).toMatchObject({
      section: 'review',
      selectedAgentId: 'coder',
      themePreference: 'dark',
      placeRestored: true
    })
  })

  it('leaves alone a section the user went to while it was being read, and saves that one as the place', async () => {
    const { api, store, release } = startingApp()
    const stopWatching = watchPlace(api, store, 0)
    const restored = store.getState().restorePlace()
    store.getState().navigate('nexus')
    release()
    await restored
    expect(store.getState()).toMatchObject({
      section: 'nexus',
      selectedAgentId: 'scribe',
      themePreference: 'dark'
    })
    await expect
      .poll(() => api.calls.filter((call) => call.method === 'ui.setPlace').at(-1)?.input)
      .toMatchObject({ section: 'nexus', agentId: 'scribe' })
    stopWatching()
  })

  it('leaves alone an agent the user picked while it was being read', async () => {
    const { store, release } = startingApp()
    const restored = store.getState().restorePlace()
    store.getState().selectAgent(testId.agent('wren'))
    release()
    await restored
    expect(store.getState()).toMatchObject({ section: 'chat', selectedAgentId: 'wren' })
  })
})
