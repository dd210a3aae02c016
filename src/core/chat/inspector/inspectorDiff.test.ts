import { writeFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { startChatHarness, testCatalog, type ChatHarness } from '../../testing/chatHarness'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

/** The Inspector's request diff, end to end: real SQLite rows, the real SDK against the fake server. */
describe('inspector request diff from stored calls', () => {
  it('shows the rebuilt volatile tier line by line and the new messages after a memory edit and a rebuild', async () => {
    harness = await startChatHarness()
    harness.fake.script('First answer.', 'Second answer.')
    writeFileSync(harness.core.services.paths.memory(harness.agentId), 'The user likes teal.\n')
    const first = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Hi there' })
    expect(harness.sessions.inspect(first.sessionId, first.turnId).calls[0]?.requestDiff).toBeNull()

    writeFileSync(
      harness.core.services.paths.memory(harness.agentId),
      'The user likes teal.\n§\nThe user moved to Bergen.\n'
    )
    harness.sessions.rebuildPrompt(first.sessionId)
    const second = await harness.chat.runTurn({ sessionId: first.sessionId, text: 'And again' })
    const diff = harness.sessions.inspect(first.sessionId, second.turnId).calls[0]?.requestDiff
    expect(diff?.previousCallId).toBe(
      harness.sessions.inspect(first.sessionId, first.turnId).calls[0]?.callId
    )
    const volatile = diff?.system.find((tier) => tier.tier === 'volatile')
    expect(volatile?.status).toBe('changed')
    expect(volatile?.source).toContain('MEMORY.md')
    expect(
      volatile?.lines
        .filter((run) => run.op === 'add')
        .map((run) => run.text)
        .join('\n')
    ).toContain('The user moved to Bergen.')
    expect(diff?.system.find((tier) => tier.tier === 'stable')?.status).toBe('same')
    expect(diff?.tools).toEqual([])
    expect(diff?.messages.map((m) => [m.index, m.role, m.status])).toEqual([
      [1, 'assistant', 'new'],
      [2, 'user', 'new']
    ])
    expect(diff?.messageCounts).toEqual({ kept: 1, changed: 0, new: 2, gone: 0 })
  })

  it('diffs the calls of one tool loop: the tool_use and tool_result arrive as new messages and the newest marker moves', async () => {
    harness = await startChatHarness({}, { catalog: testCatalog() })
    harness.fake.script({ toolUses: [{ name: 'lookup', input: { city: 'Paris' } }] }, 'Paris is in France.')
    const turn = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Where is Paris?' })
    const [, loop] = harness.sessions.inspect(turn.sessionId, turn.turnId).calls
    const diff = loop?.requestDiff
    expect(diff?.system.every((tier) => tier.status === 'same')).toBe(true)
    expect(diff?.messages.map((m) => [m.index, m.role, m.status])).toEqual([
      [1, 'assistant', 'new'],
      [2, 'user', 'new']
    ])
    expect(diff?.messageCounts).toEqual({ kept: 1, changed: 0, new: 2, gone: 0 })
    expect(
      diff?.messages[0]?.blocks.some(
        (block) => block.type === 'tool_use' && block.words.some((run) => run.text.includes('Paris'))
      )
    ).toBe(true)
    expect(diff?.breakpoints.added).toContain('message 3 (user) · block 1')
  })
})
