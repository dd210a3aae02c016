import { beforeEach, describe, expect, it } from 'vitest'
import { RETENTION_TOOL_NAME } from '../../src/core/memory/retentionPrompt'
import { dispatch } from '../../src/core/rpc/dispatch'
import { present } from '../../src/core/testing/callCore'
import { blocksOf, type SentBlock } from '../fakeAnthropic'
import { insertApprovedFact } from '../helpers/facts'
import { useFakeModelCore } from '../helpers/fakeModelCore'
import { testId } from '../../src/shared/testing/ids'

const harness = useFakeModelCore()

beforeEach(() => {
  harness.open({ agent: ['Scribe', 'scribe'] })
})

function lastUserBlocks(index: number): SentBlock[] {
  const body = harness.fake.requests.filter((r) => r.path === '/v1/messages')[index]?.body
  return blocksOf(body?.messages.at(-1))
}

describe('recall through the chat engine', () => {
  it('adds the fence to the current user message only: not to the system prompt, not to the stored transcript', async () => {
    harness.core.internals.memory.facts.insert({
      agentId: testId.agent('scribe'),
      status: 'approved',
      type: 'project_fact',
      speaker: 'user',
      text: 'The staging cluster runs in Frankfurt',
      entities: [],
      quote: '',
      sessionId: null,
      messageId: null,
      scanFindings: [],
      mergeTargetId: null,
      mergeKind: null,
      origin: 'user'
    })
    harness.fake.script('Frankfurt.', 'Noted.')
    const first = await harness.core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'Where does the staging cluster run?'
    })
    await harness.core.services.chat.runTurn({
      sessionId: first.sessionId,
      text: 'And what about lunch plans?'
    })

    const blocks = lastUserBlocks(0)
    expect(blocks[0]).toMatchObject({ type: 'text', text: 'Where does the staging cluster run?' })
    expect(blocks[1]?.text).toMatch(
      /^<memory-context>\n\[Hearth recall: [^\n]+\]\n\n- The staging cluster runs in Frankfurt\n<\/memory-context>$/
    )
    const second = present(harness.fake.requests.filter((r) => r.path === '/v1/messages')[1]?.body)
    expect(JSON.stringify(second.system)).not.toContain('memory-context')
    expect(second.messages[0]?.content).toEqual([
      expect.objectContaining({ type: 'text', text: 'Where does the staging cluster run?' })
    ])
    expect(lastUserBlocks(1)).toHaveLength(1)

    const stored = harness.core.services.sessions.get(first.sessionId)
    expect(JSON.stringify(stored)).not.toContain('memory-context')
  })
})

const approvedFact = (text: string): number => insertApprovedFact(harness.core, testId.agent('scribe'), text)

describe('what a turn recalled and wrote, kept per turn', () => {
  it('logs the recall metadata and the receipt under the turn that made them, readable after a restart, never the fence', async () => {
    const factId = approvedFact('The staging cluster runs in Frankfurt')
    harness.fake.script(
      'Frankfurt.',
      {
        toolUses: [
          { name: 'memory', input: { action: 'add', target: 'memory', content: 'The user drinks tea' } }
        ]
      },
      'Saved.'
    )
    const first = await harness.core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'Where does the staging cluster run?'
    })
    const second = await harness.core.services.chat.runTurn({
      sessionId: first.sessionId,
      text: 'I drink tea, remember that.'
    })

    const reply = await dispatch(harness.core.handlers, {
      method: 'memory.recallsForSession',
      input: { sessionId: first.sessionId }
    })
    expect(reply).toEqual({
      ok: true,
      value: {
        recalls: [
          {
            agentId: 'scribe',
            sessionId: first.sessionId,
            turnId: first.turnId,
            turnIndex: 0,
            provider: 'recall',
            atMs: expect.any(Number),
            items: [
              {
                kind: 'fact',
                factId,
                slug: null,
                text: 'The staging cluster runs in Frankfurt',
                score: expect.any(Number)
              }
            ]
          }
        ]
      }
    })
    expect(harness.core.services.memory.sessionReceipts(first.sessionId)).toMatchObject([
      { turnId: second.turnId, origin: 'tool' }
    ])

    // Another host (or the app after a reload) opens the same home and sees the same record.
    harness.open()
    expect(harness.core.services.memory.sessionRecalls(first.sessionId)).toMatchObject([
      { turnId: first.turnId, items: [{ factId }] }
    ])
    expect(harness.core.services.memory.sessionReceipts(first.sessionId)).toMatchObject([
      { turnId: second.turnId }
    ])
    const stored = harness.core.services.sessions.get(first.sessionId)
    expect(JSON.stringify(stored)).not.toContain('memory-context')
    expect(stored.systemPrompt).not.toContain('Frankfurt')
  })
})

describe('retention through `sessions.end`', () => {
  it('ends a session into pending candidates; once approved, a new session recalls the fact', async () => {
    harness.fake.script('Sure, Tuesdays it is.')
    const turn = await harness.core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'From now on we release on Tuesdays, never on Fridays.'
    })
    const userMessageId = String(harness.core.services.sessions.get(turn.sessionId).messages[0]?.id)
    harness.fake.setToolInput(RETENTION_TOOL_NAME, {
      candidates: [
        {
          text: 'Releases happen on Tuesdays, never on Fridays',
          type: 'decision',
          speaker: 'user',
          entities: ['release'],
          quote: 'we release on Tuesdays',
          message_id: userMessageId
        }
      ]
    })
    const report = await harness.core.services.sessions.end(turn.sessionId)
    expect(report.hooks.find((h) => h.id === 'retention')).toEqual({ id: 'retention', ok: true, error: null })
    expect(report.candidates).toMatchObject([
      { status: 'pending', messageId: Number(userMessageId), sessionId: turn.sessionId }
    ])

    const id = (report.candidates[0] as { id: number }).id
    await harness.core.services.memory.approveCandidate(id, 'Releases go out on Tuesdays, never on Fridays')
    harness.fake.script('Tuesday.')
    await harness.core.services.chat.runTurn({
      agentId: testId.agent('scribe'),
      text: 'Which day do releases go out?'
    })
    const blocks = lastUserBlocks(harness.fake.requests.filter((r) => r.path === '/v1/messages').length - 1)
    expect(blocks[1]?.text).toContain('- Releases go out on Tuesdays, never on Fridays')
  })
})
