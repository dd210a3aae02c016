import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach } from 'vitest'
import type {
  EventArgs,
  EventPayload,
  MethodInput,
  MethodName,
  MethodOutput
} from '../../src/shared/contract'
import type { Core } from '../../src/core/createCore'
import { dispatch } from '../../src/core/rpc/dispatch'
import { longSoul } from '../../src/core/testing/chatHarness'
import type { FakeAnthropic } from '../fakeAnthropic'
import { useFakeModelCore } from './fakeModelCore'
import { testId } from '../../src/shared/testing/ids'

/** How a turn settled: the chat.finished or chat.failed event, with its payload. */
export type SettledTurn =
  | { readonly event: 'chat.finished'; readonly payload: EventPayload<'chat.finished'> }
  | { readonly event: 'chat.failed'; readonly payload: EventPayload<'chat.failed'> }

/** A core as `hearth serve` runs it (host `web`), called only through the contract, against the fake model. */
export interface WebCore {
  readonly fake: FakeAnthropic
  readonly home: string
  readonly core: Core
  /** One contract call through `dispatch` (validation included); a failure throws its message. */
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>
  /** The `ok: false` error of a call that must fail. */
  refusal(method: MethodName, input: unknown): Promise<{ code: string; message: string }>
  /** Resolves with the next chat.finished or chat.failed event of a turn (each event is handed out once: a retried turn settles again). */
  settled(turnId: string): Promise<SettledTurn>
}

/** Registers the hooks: one fake model per file, a fresh home and core per test, agent "scribe" with a cacheable persona. */
export function useWebCore(): WebCore {
  const base = useFakeModelCore()
  let events: SettledTurn[] = []
  beforeEach(() => {
    events = []
    const core = base.open({ agent: ['Scribe', 'scribe'], host: 'web' })
    core.subscribe((...args: EventArgs) => {
      if (args[0] === 'chat.finished') events.push({ event: args[0], payload: args[1] })
      if (args[0] === 'chat.failed') events.push({ event: args[0], payload: args[1] })
    })
    writeFileSync(core.services.paths.soul(testId.agent('scribe')), longSoul('Scribe'))
  })
  // Registered after the base hooks, so it runs before the core is disposed.
  afterEach(() => base.core.services.chat.settle())
  const settledEvent = (turnId: string): SettledTurn | undefined => {
    const index = events.findIndex((e) => e.payload.turnId === turnId)
    return index < 0 ? undefined : events.splice(index, 1)[0]
  }
  return {
    get fake() {
      return base.fake
    },
    get home() {
      return base.home
    },
    get core() {
      return base.core
    },
    async call(method, input) {
      const result = await dispatch(base.core.handlers, { method, input })
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`)
      return result.value as MethodOutput<typeof method>
    },
    async refusal(method, input) {
      const result = await dispatch(base.core.handlers, { method, input })
      if (result.ok) throw new Error(`${method} was expected to fail`)
      return result.error
    },
    settled(turnId) {
      return new Promise((resolve) => {
        const now = settledEvent(turnId)
        if (now) return resolve(now)
        const unsubscribe = base.core.subscribe(() => {
          const found = settledEvent(turnId)
          if (!found) return
          unsubscribe()
          resolve(found)
        })
      })
    }
  }
}
