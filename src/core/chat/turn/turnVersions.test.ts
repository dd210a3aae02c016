import type { MessageId } from '../../../shared/contract'
import { afterEach, describe, expect, it } from 'vitest'
import { runHearthAsync } from '../../../../tests/helpers/cli'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import type { SessionId, TurnId } from '../../../shared/contract'
import { testId } from '../../../shared/testing/ids'

let harness: ChatHarness
afterEach(async () => {
  await harness?.close()
})

/** The conversation the fake model received in request `index`, as role: text lines (markers dropped). */
function history(index: number): string[] {
  const body = harness.fake.requests[index]?.body as {
    messages: { role: string; content: { type: string; text?: string }[] }[]
  }
  return body.messages.map(
    (m) => `${m.role}: ${m.content.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join(' | ')}`
  )
}

/** The shown transcript: role and first text of each message. */
function shown(sessionId: SessionId): string[] {
  return harness.sessions
    .get(sessionId)
    .messages.map((m) => `${m.role}: ${String(m.content.find((b) => b.type === 'text')?.text ?? '')}`)
}

async function twoTurns(): Promise<{ sessionId: SessionId; firstTurn: TurnId; secondTurn: TurnId }> {
  harness.fake.script('Zebras are striped.', 'They live in herds.')
  const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Tell me about zebras' })
  const second = await harness.chat.runTurn({ sessionId: first.sessionId, text: 'Do they live alone?' })
  return { sessionId: first.sessionId, firstTurn: first.turnId, secondTurn: second.turnId }
}

describe('versions of a conversation (regenerate, edit, switch)', () => {
  it('regenerates the last reply as a new version the model answers from the same history, and switches back', async () => {
    harness = await startChatHarness()
    const { sessionId, secondTurn } = await twoTurns()
    harness.fake.script('Mostly in herds, sometimes alone.')
    const again = await (await harness.chat.regenerate({ sessionId, turnId: secondTurn })).done
    expect(again.text).toBe('Mostly in herds, sometimes alone.')
    // The regenerate call saw the history up to the question, never the reply it replaces.
    expect(history(2)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?'
    ])
    expect(harness.fake.requests[2]?.usage?.cache_read_input_tokens).toBeGreaterThan(1000)
    expect(shown(sessionId)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?',
      'assistant: Mostly in herds, sometimes alone.'
    ])
    const [group] = harness.sessions.get(sessionId).versions
    expect(group).toEqual({
      turnId: again.turnId,
      versionTurnIds: [secondTurn, again.turnId],
      messageEdited: false
    })

    harness.sessions.selectVersion(sessionId, secondTurn)
    expect(shown(sessionId).at(-1)).toBe('assistant: They live in herds.')
    harness.fake.script('Yes, family groups.')
    await harness.chat.runTurn({ sessionId, text: 'In families?' })
    // The next turn sees only the chosen version of the reply.
    expect(history(3)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?',
      'assistant: They live in herds.',
      'user: In families?'
    ])
  })

  it('keeps the chosen version across a reopen (another process) and resumes on it', async () => {
    harness = await startChatHarness()
    const { sessionId, secondTurn } = await twoTurns()
    harness.fake.script('Second version.')
    const again = await (await harness.chat.regenerate({ sessionId, turnId: secondTurn })).done
    harness.sessions.selectVersion(sessionId, secondTurn)
    const other = harness.reopen()
    const detail = other.sessions.get(sessionId)
    expect(detail.messages.at(-1)?.content[0]).toEqual({ type: 'text', text: 'They live in herds.' })
    expect(detail.versions[0]?.versionTurnIds).toEqual([secondTurn, again.turnId])
    harness.fake.script('Resumed.')
    await other.chat.runTurn({ sessionId, text: 'Go on' })
    expect(history(3).slice(-2)).toEqual(['assistant: They live in herds.', 'user: Go on'])
  })

  it('a resume in the CLI (another process) answers from the chosen version', async () => {
    harness = await startChatHarness()
    const { sessionId, secondTurn } = await twoTurns()
    harness.fake.script('Second version.', 'From the CLI.')
    await (
      await harness.chat.regenerate({ sessionId, turnId: secondTurn })
    ).done
    harness.sessions.selectVersion(sessionId, secondTurn)
    const env = { ANTHROPIC_API_KEY: 'sk-test', ANTHROPIC_BASE_URL: harness.fake.url }
    const run = await runHearthAsync(
      ['--home', harness.home, '--json', 'chat', '--session', sessionId, 'Go on'],
      { env }
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.json<{ text: string }>().text).toBe('From the CLI.')
    expect(history(3)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?',
      'assistant: They live in herds.',
      'user: Go on'
    ])
  })

  it('edits an earlier message: the conversation forks there and the later turns stay on the other version', async () => {
    harness = await startChatHarness()
    const { sessionId, firstTurn, secondTurn } = await twoTurns()
    const cost = harness.sessions.forkCost(sessionId, firstTurn)
    expect(cost.laterTurns).toBe(1)
    expect(cost.cacheWarm).toBe(true)
    expect(cost.extraCostUsd).toBe(0)
    expect(cost.droppedTokens).toBeGreaterThan(0)
    harness.fake.script('Horses are fast.')
    const edited = await (
      await harness.chat.edit({ sessionId, turnId: firstTurn, text: 'Tell me about horses' })
    ).done
    expect(history(2)).toEqual(['user: Tell me about horses'])
    expect(shown(sessionId)).toEqual(['user: Tell me about horses', 'assistant: Horses are fast.'])
    expect(harness.sessions.get(sessionId).versions).toEqual([
      { turnId: edited.turnId, versionTurnIds: [firstTurn, edited.turnId], messageEdited: true }
    ])

    // Back to the first version: the conversation that went on from it (both turns) returns.
    harness.sessions.selectVersion(sessionId, firstTurn)
    expect(shown(sessionId)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?',
      'assistant: They live in herds.'
    ])
    expect(harness.sessions.get(sessionId).messages.map((m) => m.turnId)).toContain(secondTurn)
  })

  it('shows the version that holds a message, however deep in a version not shown', async () => {
    harness = await startChatHarness()
    const { sessionId, firstTurn, secondTurn } = await twoTurns()
    const laterReply = harness.core.internals.chatStores.sessions
      .allMessages(sessionId)
      .find((m) => m.turnId === secondTurn && m.role === 'assistant')
    harness.fake.script('Horses are fast.')
    await (
      await harness.chat.edit({ sessionId, turnId: firstTurn, text: 'Tell me about horses' })
    ).done
    const onPath = harness.sessions.get(sessionId).messages[1]?.id as MessageId

    // A message on the shown path: nothing moves.
    expect(harness.sessions.selectVersionOf(sessionId, onPath).messages.map((m) => m.id)).toContain(onPath)
    expect(shown(sessionId)).toEqual(['user: Tell me about horses', 'assistant: Horses are fast.'])

    // The second turn of the first version: not a sibling of anything shown, yet it is shown.
    const detail = harness.sessions.selectVersionOf(sessionId, laterReply?.id as MessageId)
    expect(detail.messages.map((m) => m.id)).toContain(laterReply?.id)
    expect(shown(sessionId)).toEqual([
      'user: Tell me about zebras',
      'assistant: Zebras are striped.',
      'user: Do they live alone?',
      'assistant: They live in herds.'
    ])
    expect(detail.versions).toEqual([
      expect.objectContaining({ turnId: firstTurn, versionTurnIds: [firstTurn, expect.any(String)] })
    ])
    expect(() => harness.sessions.selectVersionOf(sessionId, testId.message(999_999))).toThrow(
      `Message 999999 is not in session ${sessionId}`
    )
  })

  it('states the rewrite cost once the cache entry before the fork has expired', async () => {
    harness = await startChatHarness()
    const { sessionId, secondTurn } = await twoTurns()
    const clock = harness.core.services.clock as { now(): number }
    const realNow = clock.now.bind(clock)
    clock.now = () => realNow() + 61 * 60_000
    const cost = (() => {
      try {
        return harness.sessions.forkCost(sessionId, secondTurn)
      } finally {
        clock.now = realNow
      }
    })()
    expect(cost.cacheWarm).toBe(false)
    expect(cost.rewriteTokens).toBe(cost.keptTokens)
    expect(cost.rewriteTokens).toBeGreaterThan(1000)
    expect(cost.extraCostUsd).toBeGreaterThan(0)
  })

  it('refuses what would lose or confuse history, with a reason', async () => {
    harness = await startChatHarness()
    const { sessionId, firstTurn, secondTurn } = await twoTurns()
    await expect(harness.chat.regenerate({ sessionId, turnId: firstTurn })).rejects.toThrow(
      /Only the last reply can be regenerated/
    )
    await expect(harness.chat.edit({ sessionId, turnId: testId.turn('t_nope'), text: 'x' })).rejects.toThrow(
      /not part of the conversation shown/
    )
    await expect(harness.chat.edit({ sessionId, turnId: secondTurn, text: '   ' })).rejects.toThrow(
      /needs some text/
    )
    expect(() => harness.sessions.selectVersion(sessionId, testId.turn('t_nope'))).toThrow(/not a version/)
    expect(harness.fake.requests).toHaveLength(2)
    await harness.sessions.end(sessionId)
    // Ending runs the session-end hooks (retention asks the model once); a refused regenerate asks nothing.
    const afterEnd = harness.fake.requests.length
    await expect(harness.chat.regenerate({ sessionId, turnId: secondTurn })).rejects.toThrow(/has ended/)
    expect(harness.fake.requests).toHaveLength(afterEnd)
  })
})
