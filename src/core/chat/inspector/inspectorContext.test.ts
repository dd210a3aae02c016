import { afterEach, describe, expect, it } from 'vitest'
import { textsOf } from '../../../../tests/fakeAnthropic'
import { testId } from '../../../shared/testing/ids'
import { insertApprovedFact } from '../../memory/testing/approvedFact'
import { startChatHarness, type ChatHarness } from '../../testing/chatHarness'
import { contextItems, explainRecallScore } from './contextItems'

let harness: ChatHarness

afterEach(async () => {
  await harness?.close()
})

/** The Inspector shows every byte the model saw: the per-turn blocks, from the call record. */
describe('per-turn blocks in the call record', () => {
  it('keeps each block’s exact text and items in the call, never in the transcript, and the Inspector rebuilds the request byte for byte', async () => {
    harness = await startChatHarness()
    const factId = insertApprovedFact(
      harness.core,
      harness.agentId,
      'The deploy script lives in tools/release.sh'
    )
    harness.core.services.agents.create('Ella', testId.agent('ella'))
    const posted = harness.core.services.nexus.post({
      agent: 'ella',
      type: 'decision',
      summary: 'Releases move to Tuesdays',
      rationale: 'Mondays collide with the standup'
    })
    harness.fake.script('It is in tools/release.sh.', 'You are welcome.')
    const turn = await harness.chat.runTurn({ agentId: harness.agentId, text: 'Where is the deploy script?' })

    const sent = harness.fake.requests[0]?.body
    const sentUser = textsOf(sent?.messages.at(-1))
    const [call] = harness.sessions.inspect(turn.sessionId, turn.turnId).calls
    const context = call?.request.context ?? []
    expect(context.map((block) => block.fenceTag)).toEqual(['memory-context', 'nexus-context'])
    // The exact bytes: the texts equal what went on the wire, and the rebuilt message carries them.
    expect(context.map((block) => block.text)).toEqual(sentUser.slice(1))
    expect(context[0]?.text).toContain('The deploy script lives in tools/release.sh')
    expect(context[1]?.text).toContain('Releases move to Tuesdays')
    expect(call?.request.messages.at(-1)?.content.map((block) => block.text)).toEqual(sentUser)
    expect(context.every((block) => block.chars === block.text?.length)).toBe(true)

    const [recalled] = context[0]?.items ?? []
    expect(recalled).toMatchObject({ kind: 'fact', factId, agentId: harness.agentId, seq: null })
    expect(recalled?.score).toBeGreaterThan(0)
    expect(recalled?.why).toMatch(/^1st of 1 recalled for this turn\. Found by its words/)
    expect(recalled?.why).toContain('It is not a percentage')
    const entry = posted.entry.seq
    expect(context[1]?.items).toEqual([
      expect.objectContaining({
        kind: 'nexus',
        seq: entry,
        score: null,
        // A decision by another agent waits for this agent's acknowledgement rather than sitting as unread.
        why: expect.stringMatching(/^Awaiting this agent’s acknowledgement/)
      })
    ])

    // Never in the transcript: the stored messages and the next turn's history hold no fence.
    const stored = JSON.stringify(harness.core.internals.chatStores.sessions.allMessages(turn.sessionId))
    expect(stored).not.toContain('<memory-context>')
    expect(stored).not.toContain('<nexus-context>')
    await harness.chat.runTurn({ sessionId: turn.sessionId, text: 'Thanks' })
    const next = harness.fake.requests[1]?.body
    expect(next?.messages.length).toBeGreaterThan(1)
    expect(JSON.stringify(next?.messages.slice(0, -1))).not.toContain('<memory-context>')
  })

  it('lists what the Nexus block carried, each with why: conflicts, acknowledgements owed, the changed state, unread, the checkpoint', () => {
    const detail = {
      seqs: [9, 10],
      checkpointSeq: 4,
      awaitingSeqs: [7],
      conflicts: [[2, 5]],
      stateVersion: 8
    }
    const items = contextItems('nexus', detail, testId.agent('lyra'))
    expect(items.map((item) => [item.seq, item.why.split(':')[0]?.split(',')[0]])).toEqual([
      [2, 'In a conflict this agent is part of'],
      [5, 'In a conflict this agent is part of'],
      [7, 'Awaiting this agent’s acknowledgement'],
      [8, 'The project state'],
      [9, 'Unread'],
      [10, 'Unread'],
      [4, 'This agent’s latest checkpoint']
    ])
    // A call recorded before the Nexus kept acknowledgements lists its unread entries as before.
    expect(contextItems('nexus', { seqs: [3] }, testId.agent('lyra')).map((item) => item.seq)).toEqual([3])
  })

  it('explains a score in words: its place, how it was found, the exact-phrase bonus', () => {
    expect(explainRecallScore({ score: 1.0328, method: 'hybrid' }, 1, 3)).toBe(
      '1st of 3 recalled for this turn. Found both by its words and by meaning, so two rankings counted it. ' +
        'It holds your whole message word for word, which adds 1 and puts it first. ' +
        'Score 1.03: each ranking that found it adds 1 ÷ (60 + its place there), so a first place in one ranking ' +
        'is about 0.016. It is not a percentage; it only compares the items of this recall.'
    )
    expect(explainRecallScore({ score: 0.0161 }, 12, 12)).toMatch(
      /^12th of 12 recalled for this turn\. Score 0\.0161/
    )
    expect(explainRecallScore({ score: 0.01, method: 'vector' }, 2, 3)).toContain('Found by meaning')
  })
})
