import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TurnContextProvider } from '../../src/core/ports/turnContext'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { testId } from '../../src/shared/testing/ids'

const KEY = 'sk-ant-test-0123456789abcdefghij'
const h = useFakeModelCore()
const logText = (): string => readFileSync(join(h.home, 'logs', 'hearth.log'), 'utf8')

describe('the core log', () => {
  it('records a turn-context provider that failed, and the turn still answers; the key never reaches the file', async () => {
    const flaky: TurnContextProvider = {
      id: 'flaky',
      provide: async () => {
        throw new Error(`upstream refused the key ${KEY}`)
      }
    }
    const core = h.open({
      agent: ['Scribe', 'scribe'],
      env: { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: h.fake.url },
      seams: { contextProviders: [flaky] }
    })
    h.fake.script('Still here.')
    const result = await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'hello' })
    expect(result.text).toBe('Still here.')
    const text = logText()
    expect(text).toMatch(
      /WARN {2}\[chat\] pid=\d+ turn-context provider "flaky" failed; the turn goes on without its block/
    )
    expect(text).toContain(`"sessionId":"${result.sessionId}"`)
    expect(text).toContain('upstream refused the key [redacted]')
    expect(text).not.toContain(KEY)
  })

  it('writes nothing for a turn without trouble at the default level', async () => {
    const core = h.open({ agent: ['Scribe', 'scribe'] })
    h.fake.script('Fine.')
    await core.services.chat.runTurn({ agentId: testId.agent('scribe'), text: 'hello' })
    expect(existsSync(join(h.home, 'logs', 'hearth.log'))).toBe(false)
  })
})
