import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { createCore, type Core, type CoreSeams } from '../../src/core/createCore'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { makeTempDir } from './tempHome'
import { present } from '../../src/core/testing/callCore'
import { testId } from '../../src/shared/testing/ids'

/** What an in-process chat test works with; the fields are replaced for every test. */
export interface FakeModelCore {
  readonly fake: FakeAnthropic
  /** This test's temporary HEARTH_HOME. */
  readonly home: string
  readonly core: Core
  /**
   * Opens a core on this test's home (after any config.json the test wrote), disposing the one
   * opened before, as another process would; by default against the fake model.
   */
  open(options?: {
    readonly agent?: readonly [name: string, id: string]
    readonly env?: Readonly<Record<string, string>>
    readonly host?: 'cli' | 'web'
    /** Test seams of the real core (extra context providers, a fixed tool catalog…). */
    readonly seams?: CoreSeams
  }): Core
}

/**
 * Registers the hooks the in-process chat tests share: one fake model for the file, a fresh
 * home per test, and the core disposed after it. Read the fields inside tests and hooks only.
 */
export function useFakeModelCore(): FakeModelCore {
  const state: { fake?: FakeAnthropic; temp?: ReturnType<typeof makeTempDir>; core?: Core } = {}
  beforeAll(async () => {
    state.fake = await startFakeAnthropic()
  })
  afterAll(() => state.fake?.close())
  beforeEach(() => {
    present(state.fake, 'the fake model').reset()
    state.temp = makeTempDir()
    state.core = undefined
  })
  afterEach(() => {
    state.core?.dispose()
    state.temp?.cleanup()
  })
  return {
    get fake() {
      return present(state.fake, 'the fake model (read it inside a test)')
    },
    get home() {
      return present(state.temp, 'a home (read it inside a test)').dir
    },
    get core() {
      if (!state.core) throw new Error('open the core first (useFakeModelCore().open)')
      return state.core
    },
    open({
      agent,
      env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: present(state.fake, 'the fake model').url },
      host = 'cli',
      seams
    } = {}) {
      state.core?.dispose()
      const core = createCore({
        home: present(state.temp, 'a home').dir,
        host,
        env: { ...env },
        ...(seams ? { seams } : {})
      })
      state.core = core
      if (agent) core.services.agents.create(agent[0], testId.agent(agent[1]))
      return core
    }
  }
}
