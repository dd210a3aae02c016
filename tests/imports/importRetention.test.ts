import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/core/createCore'
import { RETENTION_TOOL_NAME } from '../../src/core/memory/retentionPrompt'
import { callerOf, present } from '../../src/core/testing/callCore'
import { startFakeAnthropic, type FakeAnthropic } from '../fakeAnthropic'
import { makeTempDir } from '../helpers/tempHome'

const FIXTURES = join(__dirname, '..', 'fixtures', 'imports')

let fake: FakeAnthropic
let dir: string
let cleanup: () => void
let core: Core

beforeAll(async () => {
  fake = await startFakeAnthropic()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.reset()
  ;({ dir, cleanup } = makeTempDir('hearth-import-retain-'))
  core = createCore({
    home: join(dir, 'home'),
    host: 'cli',
    env: { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: fake.url }
  })
})
afterEach(() => {
  core.dispose()
  cleanup()
})

const call = callerOf(() => core)

describe('retention over imported chats', () => {
  it('tags what it proposes with the import, so Review lists them with that import', async () => {
    const report = await call('imports.run', {
      source: 'claude',
      path: join(FIXTURES, 'claude', 'conversations.json')
    })
    const importId = present(report.importId)
    const [chat] = (await call('sessions.list', {})).items
    const detail = await call('sessions.get', { id: present(chat).id })
    fake.setToolInput(RETENTION_TOOL_NAME, {
      candidates: [
        {
          text: 'The user checks Lisbon tide tables before going out',
          type: 'user_fact',
          speaker: 'user',
          entities: ['Lisbon'],
          quote: '',
          message_id: String(present(detail.messages[0]).id)
        }
      ]
    })
    expect(await call('imports.retain', { sessionIds: [present(chat).id] })).toEqual({
      candidates: 1,
      sessions: 1
    })
    const { candidates } = await call('review.list', { importId })
    expect(candidates.map((c) => [c.text, c.origin, c.importId, c.sessionId])).toEqual([
      ['The user checks Lisbon tide tables before going out', 'retention', importId, present(chat).id]
    ])
    // The run is named in the list of imports the chip reads.
    const { runs } = await call('imports.list', {})
    expect(runs.map((run) => [run.id, run.source])).toEqual([[importId, 'claude']])
  })

  it('refuses a list naming a chat that does not exist before retaining any of it', async () => {
    await call('imports.run', { source: 'claude', path: join(FIXTURES, 'claude', 'conversations.json') })
    const [chat] = (await call('sessions.list', {})).items
    const sessionIds = [present(chat).id, 'no-such-chat']
    await expect(call('imports.retain', { sessionIds })).rejects.toThrow(/No chat with id "no-such-chat"/)
    expect(fake.requests).toHaveLength(0)
  })
})
