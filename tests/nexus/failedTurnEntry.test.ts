import { afterEach, describe, expect, it } from 'vitest'
import { startChatHarness, type ChatHarness } from '../../src/core/testing/chatHarness'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

/** Makes the model's next request fail mid-stream as soon as the turn's first tool call finished. */
function failAfterFirstTool(): void {
  let armed = true
  harness.core.subscribe((event, payload) => {
    if (event !== 'chat.toolCall' || payload.phase !== 'finished' || !armed) return
    armed = false
    harness.fake.fault({
      kind: 'stream_error',
      errorType: 'api_error',
      message: 'Internal server error',
      count: 3
    })
  })
}

async function settle(done: Promise<unknown>): Promise<unknown> {
  return done.then(
    () => null,
    (error: unknown) => error
  )
}

const turnEntries = () => harness.core.services.nexus.list({ type: 'turn' }).entries

describe('a turn that failed after changing something', () => {
  it('gets an entry saying it failed and what it changed (real SDK, fake model failing mid-stream)', async () => {
    harness = await startChatHarness({ maxRetries: 0 })
    failAfterFirstTool()
    harness.fake.script(
      {
        toolUses: [
          { name: 'memory', input: { action: 'add', target: 'user', content: 'Prefers WebP images' } }
        ]
      },
      'Saved that you prefer WebP, and now I will resize the albums.'
    )
    const started = await harness.chat.start({ agentId: harness.agentId, text: 'Remember I like WebP' })
    expect(await settle(started.done)).toBeInstanceOf(Error)

    const [entry, ...more] = turnEntries()
    expect(more).toEqual([])
    expect(entry).toMatchObject({ agent: harness.agentId, type: 'turn' })
    expect(entry?.summary).toMatch(
      /^Turn failed · Asked “Remember I like WebP” · changed memory add before it broke off · /
    )
    expect(entry?.body).toContain(`Turn ${started.turnId} of session ${started.sessionId}.`)
    expect(entry?.body).toMatch(/Tools: memory\nFailed: .+/)
    expect(harness.core.internals.nexus.turnEntries.forSession(started.sessionId)).toEqual([entry])
    // The memory write it reports really happened: the failed request carried the tool's success.
    const failedRequest = JSON.stringify(harness.fake.requests.at(-1)?.body?.messages)
    expect(failedRequest).toMatch(/tool_result.*\\"success\\":true/)
  })

  it('leaves no entry when the failed turn changed nothing, and none when entries are off', async () => {
    harness = await startChatHarness({ maxRetries: 0 })
    failAfterFirstTool()
    harness.fake.script({ toolUses: [{ name: 'session_search', input: { query: 'webp' } }] }, 'Found it.')
    const looked = await harness.chat.start({ agentId: harness.agentId, text: 'Did I mention WebP?' })
    expect(await settle(looked.done)).toBeInstanceOf(Error)
    expect(turnEntries()).toEqual([])

    await harness.core.services.nexus.updateSettings({ turnEntries: 'off' })
    failAfterFirstTool()
    harness.fake.script(
      { toolUses: [{ name: 'memory', input: { action: 'add', target: 'user', content: 'Likes tea' } }] },
      'Saved.'
    )
    const wrote = await harness.chat.start({ sessionId: looked.sessionId, text: 'Remember I like tea' })
    expect(await settle(wrote.done)).toBeInstanceOf(Error)
    expect(turnEntries()).toEqual([])
  })
})
